#!/usr/bin/env bash
# v75 (2026-12-03, eleventh session): the warp shuffles through LLVM's convergent intrinsic
# (`llvm.nvvm.shfl.sync.bfly.f32`) instead of `asm!`, so LLVM no longer duplicates them into the
# branch after them and ptxas takes the converged path (run v74's ncu source counters: the
# duplicated shuffles ran the WARPSYNC.COLLECTIVE fallback in every warp). GPU tests, the bench plain
# and --pdl, an A/B old (HEAD 583f765's CLI, nvfp4-gemv-old) / new interleaved, the main job, and ncu
# source counters of the new kernel (the collective fallback must execute 0 times).
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -vE "^$"
echo "=== bench, --pdl"; $B/nvfp4-gemv bench --replays 30 --pdl --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== A/B old / new / old / new (plain), then old / new (--pdl)"
for r in old new old new; do
  if [ $r = old ]; then $B/nvfp4-gemv-old bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/old /";
  else $B/nvfp4-gemv bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/new /"; fi
done
$B/nvfp4-gemv-old bench --replays 30 --pdl 2>&1 | grep -E "^nvfp4" | sed "s/^/old pdl /"
$B/nvfp4-gemv bench --replays 30 --pdl 2>&1 | grep -E "^nvfp4" | sed "s/^/new pdl /"
echo "=== main job"; $B/nvfp4-gemv 2>&1 | tail -8
echo "=== ncu source counters, new kernel, (7168,16384,1)"
timeout 200 ncu --clock-control none --section SourceCounters --kernel-name nvfp4_gemv_bm32_k1024_s4_w8 --launch-count 1 \
  -o $OUT/v75 $B/nvfp4-gemv check 7168,16384,1 > $OUT/ncu-v75.log 2>&1; echo "ncu rc $?"
ncu -i $OUT/v75.ncu-rep --page source --csv --print-source sass > $OUT/ncu-v75-source.csv 2>&1; echo "ncu source page rc $?"
rm -f $OUT/v75.ncu-rep
