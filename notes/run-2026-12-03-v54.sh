#!/usr/bin/env bash
# v54 (2026-12-03, ninth session): the a-stream's L2 promotion (NVFP4_L2PROMO 0 none, 1 64B, 2 128B, 3 256B,
# the committed choice) and an L2 evict-first hint on the a copies (diag bit 1 = 2), same diagnostic CLI
# (notes/diag-2026-12-03-v53-copy-bits.patch, with those two switches) as target/bundle/bin/nvfp4-gemv-sens.
B=target/bundle/bin
for cfg in "120 3" "120 0" "120 1" "120 2" "122 3" "0 3" "2 3" "0 0"; do
  set -- $cfg
  echo "=== diag $1 promo $2"; NVFP4_L2PROMO=$2 NVFP4_DIAG=$1 timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/diag$1-promo$2,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/diag$1-promo$2,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
