#!/usr/bin/env bash
# v53 (2026-12-03, ninth session): which of the bare pipeline's copies costs more than its bytes.
# Diagnostic CLI built from 29185a1 with notes/diag-2026-12-03-v53-copy-bits.patch (the v52 patch with
# its flag shift fixed: 24, not 28, so that bit 4 survives) as target/bundle/bin/nvfp4-gemv-sens.
# NVFP4_DIAG bits: 8 no arithmetic, 16 no preparation of b, 32 no sfa copy, 64 no b/sfb copies; bit 128 was, in
# three builds run in turn: (a) unused, (b) each block's K tiles rotated by its block index, (c) `a` by per-lane
# 16-byte cp.async from the producer warp (the patch as saved: (c), plus v54's switches; (c) also forced the
# issue closure inline, which slowed the 16-row entries by up to 45%: compare only within that run).
B=target/bundle/bin
for d in ${DIAGS:-0 8 24 40 56 120 32}; do
  echo "=== diag $d"; NVFP4_DIAG=$d timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s$d.csv 2>&1 | grep -E "^nvfp4|ceiling"
done
first=1
for d in ${DIAGS:-0 8 24 40 56 120 32}; do
  if [ $first = 1 ]; then sed "1!s/^/diag$d,/;1s/^/run,/" $OUT/s$d.csv; first=0; else sed "1d;s/^/diag$d,/" $OUT/s$d.csv; fi
done > $OUT/bench.csv
rm -f $OUT/s*.csv
