#!/usr/bin/env bash
# v217 (thirty-sixth session): one call on whatever card comes. On an H200, run v215 (the skew
# decision, the table with prefetch 2/4/3, every test). On any other card only the correctness
# of the patched host (notes/experiment-2026-12-07-skew-default.patch, shipped as
# target/bundle/extra-skew.tar.xz): its `gpu` tests and --pdl fuzz (about a minute).
# Carry ["target/bundle"].
set -u
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  exec bash notes/run-2026-12-06-v215.sh
fi
R=/tmp/v217/r; mkdir -p $R; SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
tar -C /tmp/v217 -xJf target/bundle/extra-skew.tar.xz; X=/tmp/v217/skew
NVFP4_REQUIRE_GPU=1 timeout 200 $X/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked" | tee $R/test.log
{ timeout 60 $X/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; } | tee -a $R/test.log
echo "=== done at ${SECONDS}s"; tar -C /tmp/v217 -czf $OUT/v217.tgz r
