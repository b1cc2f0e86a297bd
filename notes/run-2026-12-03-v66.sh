#!/usr/bin/env bash
# v66 (2026-12-03, tenth session): the committed candidate (a's tensor map with L2 promotion none) through the
# GPU tests and the bench (plain and --pdl), an A/B against the previous behaviour in the same run (the v63
# diagnostic CLI with NVFP4_PROMO_A=3 = 256 B, as before), then microbenchmark v65 (the stage protocol in graphs).
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|passed|failed" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -vE "^$"
echo "=== bench, --pdl"; $B/nvfp4-gemv bench --replays 30 --pdl --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== A/B: old (promotion 256 B, diag CLI NVFP4_PROMO_A=3) / new / old / new"
for r in old new old new; do
  if [ $r = old ]; then NVFP4_PROMO_A=3 NVFP4_DIAG=0 $B/nvfp4-gemv-sens bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/old /";
  else $B/nvfp4-gemv bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/new /"; fi
done
echo "=== main job"; $B/nvfp4-gemv 2>&1 | tail -8
echo "=== microbenchmark v65"
# (The source is kept as a patch on v51's; the run compiled the patched file, then notes/microbench-2026-12-03-v65-stage-protocol.cu.)
cp notes/microbench-2026-12-03-v51-tma-boxes.cu /tmp/v65.cu && patch -s /tmp/v65.cu notes/microbench-2026-12-03-v65-stage-protocol.patch
nvcc -O3 -arch=sm_90a -o /tmp/v65 /tmp/v65.cu -lcuda 2>&1 | tail -3
timeout 200 /tmp/v65 | tee $OUT/microbench-v65.txt
