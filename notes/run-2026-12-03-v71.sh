#!/usr/bin/env bash
# v71 (2026-12-03, tenth session): microbenchmark v71 (what consumer work per stage costs a streaming kernel).
# Run four times while it grew (WORK and SPIN; + EARLY; + BALANCE; + PLAIN LOADS and DEPTH); the output kept in
# notes/h200-microbench-2026-12-03-v71-consumer-work.txt is the last, complete run's.
set -u
# (The source is kept as a patch on v65's, which it grew from; the run compiled the patched file.)
cp notes/microbench-2026-12-03-v51-tma-boxes.cu /tmp/v71.cu && patch -s /tmp/v71.cu notes/microbench-2026-12-03-v65-stage-protocol.patch
patch -s /tmp/v71.cu notes/microbench-2026-12-03-v71-consumer-work.patch
nvcc -O3 -arch=sm_90a -o /tmp/v71 /tmp/v71.cu -lcuda 2>&1 | grep -i error
timeout 300 /tmp/v71 | tee $OUT/microbench-v71.txt
