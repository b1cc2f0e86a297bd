#!/usr/bin/env bash
# v45: the memory pipeline alone (NVFP4_DIAG=8: the consumers only wait and release; diagnostic build,
# notes/diag-2026-12-03-v44-sensitivity.patch) and no decode (4), plain and --pdl, against the full kernel.
B=target/bundle/bin
i=0
for pdl in "" "--pdl"; do
  for d in 0 4 8; do
    i=$((i+1)); echo "=== diag $d $pdl"; NVFP4_DIAG=$d timeout 100 $B/nvfp4-gemv-sens $pdl bench --replays 30 --csv $OUT/s$i.csv 2>&1 | grep -E "^nvfp4|kernel " | head -6
    sed "1!s/^/diag$d$pdl,/;1s/^/run,/" $OUT/s$i.csv > $OUT/t$i.csv
  done
done
{ cat $OUT/t1.csv; for j in 2 3 4 5 6; do tail -n +2 $OUT/t$j.csv; done; } > $OUT/bench.csv; rm -f $OUT/s*.csv $OUT/t*.csv
