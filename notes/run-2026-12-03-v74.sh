#!/usr/bin/env bash
# v74 (written 2026-12-03, tenth session; run in the eleventh, log notes/h200-2026-12-03-v74-log.txt). Does the block
# epilogue's cost (runs v72, v73: 0.7-1.7 us, almost all in the warp partial sums) go away with a warp
# barrier before the shuffles, or without the shuffles?
# Build: `git worktree add /tmp/v74 <commit>`, `git apply notes/diag-2026-12-03-v74-epilogue-variants.patch`,
# `CARGO_TARGET_DIR=/tmp/v74/target cargo xtask bundle`, copy its bin/nvfp4-gemv here as
# target/bundle/bin/nvfp4-gemv-bisect (built and ptxas-clean on 2026-12-03: 56 registers for bm32_k1024_s4_w8).
# NVFP4_DIAG bits (v73's plus two): 8 no arithmetic, 32 no epilogue, 2 no warp partial sums, 16 no store of c,
# 64 no block barrier, 128 no preparation of b; 1 `bar.warp.sync` before the warp partial sums; 4 no shuffles
# (each lane stores its own sums, the row's thread adds 4*W of them). Values 0, 1, 4 and 5 give correct results
# (the bench checks them: they must pass); the others are timing only.
# Then: ncu source counters on the committed kernel's epilogue (stall reasons of its instructions).
set -u
B=target/bundle/bin
for pass in 1 2; do
  for d in 8 9 12 40 0 1 4 32; do
    echo "=== pass $pass diag $d"; NVFP4_DIAG=$d $B/nvfp4-gemv-bisect bench --replays 30 --shapes "7168,16384,1;4096,7168,8;4096,7168,1" 2>&1 | grep -E "^nvfp4" | awk '{print $3, $5, $7, $9, $NF}'
  done
done
echo "=== fuzz, diag 4 and 1"; for d in 4 1; do NVFP4_DIAG=$d timeout 150 $B/nvfp4-gemv-bisect fuzz --cases 60 --seed 74$d 2>&1 | tail -1; done
echo "=== ncu, committed kernel, (7168,16384,1), source counters (the epilogue's instructions: the SASS after the K loop)"
timeout 200 ncu --clock-control none --section SourceCounters --kernel-name nvfp4_gemv_bm32_k1024_s4_w8 --launch-count 1 \
  -o $OUT/v74 target/bundle/bin/nvfp4-gemv check 7168,16384,1 > $OUT/ncu-v74.log 2>&1; echo "ncu rc $?"
ncu -i $OUT/v74.ncu-rep --page source --csv --print-source sass > $OUT/ncu-v74-source.csv 2>&1; echo "ncu source page rc $?"
