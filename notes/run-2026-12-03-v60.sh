#!/usr/bin/env bash
# v60 (2026-12-03, ninth session): is the evict-first gain real or the scales staying in the L2 across the
# bench's rotation? The same comparison with 150 buffer sets per shape (--sets 150: every tensor's sets,
# the scales' too (138 MB of them on (7168,2048,1)), exceed twice the L2; only b's do not). new =
# the hinted build (not kept), base = 29185a1 with only the --sets option added.
B=target/bundle/bin
i=0
for run in base new base-s150 new-s150 base-s150 new-s150; do
  i=$((i+1)); bin=$B/nvfp4-gemv; extra=""
  case $run in base*) bin=$B/nvfp4-gemv-base;; esac
  case $run in *s150) extra="--sets 150";; esac
  echo "=== $run"; timeout 150 $bin bench $extra --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/$run-$i,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/$run-$i,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
