#!/usr/bin/env bash
# SUPERSEDED (ninth session): the patch below shifts the switches by 28, so bit 4 (16) is lost and diag 24 would run as 8.
# Run v53 used the fixed notes/diag-2026-12-03-v53-copy-bits.patch instead; the v52 microbenchmark was never run.
# v52 (written 2026-12-03, NOT RUN: no device time left): the bare pipeline (NVFP4_DIAG=8) with and without the
# producer's preparation of b (bit 4: 24 = 8 + 16). Build the diagnostic CLI from commit 17bf4d1 with
# notes/diag-2026-12-03-v52-no-prepare-bit.patch applied (cargo xtask bundle) and copy it as target/bundle/bin/nvfp4-gemv-sens.
B=target/bundle/bin
for d in 8 24; do
  echo "=== diag $d"; NVFP4_DIAG=$d timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s$d.csv 2>&1 | grep -E "^nvfp4"
done
{ sed "1!s/^/diag8,/;1s/^/run,/" $OUT/s8.csv; sed "1d;s/^/diag24,/" $OUT/s24.csv; } > $OUT/bench.csv; rm -f $OUT/s8.csv $OUT/s24.csv
echo "=== microbenchmark v52 (the v51 source with notes/microbench-2026-12-03-v52-stage-protocol-not-run.patch)"
cp notes/microbench-2026-12-03-v51-tma-boxes.cu /tmp/tma_v52.cu && patch -s /tmp/tma_v52.cu < notes/microbench-2026-12-03-v52-stage-protocol-not-run.patch
nvcc -O3 -arch=sm_90a -o /tmp/tma_v52 /tmp/tma_v52.cu -lcuda 2>&1 | tail -3
timeout 200 /tmp/tma_v52 | tee $OUT/microbench-v52.txt
