#!/usr/bin/env bash
# v249 (forty-second session): one call, either card. On an H200: v244 (main's kernel: every
# GPU test, fuzz, the table of record against the old main bundle, the sanitizers, the band).
# On any other card: v248 (four blocks per SM of `bm32_k1024_s2_w8`: trigger against
# residency). Carry ["target/bundle", "target/exp-s2x"].
set -u
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  exec bash notes/run-2026-12-07-v244.sh
fi
mkdir -p $OUT && bash notes/run-2026-12-07-v248.sh 2>&1 | tee $OUT/v248.log
