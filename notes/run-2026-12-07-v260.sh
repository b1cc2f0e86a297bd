#!/usr/bin/env bash
# v260 (forty-fourth session): on an H200, v258 (main's GPU truth and table, the stream-K fix's
# and G4's effect, the one-wave prefetch questions). On any other card: only the block
# placement probe (notes/probe-2026-12-07-block-placement.cu, ~10 s), then exit 3.
# Carry ["target/exp-s2x"].
set -u
mkdir -p $OUT/probe
P=$PWD/notes/probe-2026-12-07-block-placement.cu
probe() { nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/probe/device.txt; (cd /tmp && nvcc -O2 -arch=sm_90a -o probe $P && timeout 60 ./probe) > $OUT/probe/probe.log 2>&1; echo "probe rc $?"; grep -v "^smid" $OUT/probe/probe.log; }
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  probe; LIMIT=${LIMIT:-480} bash notes/run-2026-12-07-v258.sh; exit $?
fi
nvidia-smi -L; probe; exit 3
