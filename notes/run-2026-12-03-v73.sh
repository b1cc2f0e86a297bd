#!/usr/bin/env bash
# v73 (2026-12-03, tenth session): which part of the block epilogue costs the 5-11% of run v72. Diagnostic CLI
# built from the final tree plus notes/diag-2026-12-03-v73-epilogue-bisect.patch; NVFP4_DIAG bits: 8 no arithmetic,
# 32 no epilogue, 2 no warp partial sums, 16 no store of c, 64 no block barrier before the rows' sums (the
# producer warp returns), 128 no preparation of b. Timing only where a bit breaks the result (the check fails).
set -u
B=target/bundle/bin
for pass in 1 2; do
  for d in 8 40 10 24 72 90 0 16 64 80 32; do
    echo "=== pass $pass diag $d"; NVFP4_DIAG=$d $B/nvfp4-gemv-bisect bench --replays 30 --shapes "7168,16384,1;4096,7168,8;4096,7168,1" 2>&1 | grep -E "^nvfp4" | awk '{print $3, $5, $7, $9}'
  done
done
