#!/usr/bin/env bash
# v63 (written 2026-12-03, ninth session; run in the tenth session, 2026-12-03, with an L2-promotion switch added). Does `a` stream faster when every
# consumer thread issues its share of each tile with 16-byte `cp.async` (4 per thread and tile in
# bm32_k1024_s4_w8) than through the producer's TMA box? Run v53c had one producer warp issue all of them:
# no better than TMA. Build: `git worktree add /tmp/v63 <commit>`, `git apply` notes/diag-2026-12-03-v63-consumer-cp-async.patch,
# `CARGO_TARGET_DIR=/tmp/v63/target cargo xtask bundle`, copy its bin/nvfp4-gemv here as target/bundle/bin/nvfp4-gemv-sens.
# (Built and ptxas-clean on 2026-12-03: registers within +-2 of the committed entries, +3..+7 on the 16-row ones.)
# NVFP4_DIAG: 8 no arithmetic (the bare pipeline), 128 `a` by the consumers' `cp.async`; the bench checks
# every diag-128 run against the CPU reference (it must pass), the fuzz line too.
B=target/bundle/bin
for d in 0 128 8 136 0 128; do
  echo "=== diag $d"; NVFP4_DIAG=$d timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/diag$d,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/diag$d,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
echo "=== fuzz, diag 128"; NVFP4_DIAG=128 timeout 150 $B/nvfp4-gemv-sens fuzz --cases 100 --seed 63 2>&1 | tail -2
echo "=== every entry point, bare, (7168,16384,1) and (4096,7168,8): diag 8 then 136"
for d in 8 136; do NVFP4_DIAG=$d timeout 150 $B/nvfp4-gemv-sens bench --variant all --shapes "7168,16384,1;4096,7168,8" --replays 20 2>&1 | grep -E "^nvfp4"; done
echo "=== L2 promotion of a's map: none (NVFP4_PROMO_A=0, diag-build host switch) against 256 B, committed kernel (diag 0), alternating"
for p in 0 3 0 3; do echo "--- promo_a $p"; NVFP4_PROMO_A=$p NVFP4_DIAG=0 timeout 100 $B/nvfp4-gemv-sens bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"; done
echo "--- promo_a 0, --pdl"; NVFP4_PROMO_A=0 timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --pdl 2>&1 | grep -E "^nvfp4|ceiling"
echo "--- promo_a 3, --pdl"; NVFP4_PROMO_A=3 timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --pdl 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== microbenchmark v64 (where the TMA stream of a loses: map location, 3-D map, L2 promotion; cp.async by all threads)"
nvcc -O3 -arch=sm_90a -o /tmp/v64 notes/microbench-2026-12-03-v64-tma-map-location.cu -lcuda 2>&1 | tail -3
timeout 200 /tmp/v64 | tee $OUT/microbench-v64.txt
