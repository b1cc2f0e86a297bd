#!/usr/bin/env bash
# v56 (2026-12-03, ninth session): cache switches around the v55 change, one diagnostic CLI
# (notes/diag-2026-12-03-v56-cache-switches.patch, against 29185a1 with the v55 change) as target/bundle/bin/nvfp4-gemv-sens.
# Env: NVFP4_PROMO_{A,SFA,B} 0 none, 1 64B, 2 128B, 3 256B (defaults: A none, SFA and B 256B);
# NVFP4_DIAG bit 0 (1): sfa copies evict-first too; bit 1 (2): a copies without the evict-first hint.
B=target/bundle/bin
for cfg in "0 x x x" "2 x x x" "1 x x x" "0 x 0 x" "0 x 2 x" "0 x x 0" "0 1 x x" "0 x x x" "2 3 x x"; do
  set -- $cfg
  e="NVFP4_DIAG=$1"; [ $2 != x ] && e="$e NVFP4_PROMO_A=$2"; [ $3 != x ] && e="$e NVFP4_PROMO_SFA=$3"; [ $4 != x ] && e="$e NVFP4_PROMO_B=$4"
  echo "=== $e"; env $e timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  tag=$(echo "$e" | tr ' =' '_-')
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/$tag,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/$tag,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
