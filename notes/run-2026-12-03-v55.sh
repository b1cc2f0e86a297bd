#!/usr/bin/env bash
# v55 (2026-12-03, ninth session): a's L2 promotion none + evict-first copies (new, the hinted build, not kept)
# against the committed 29185a1 build (target/bundle/bin/nvfp4-gemv-base), alternating, plain and --pdl;
# then every GPU test of the new build.
B=target/bundle/bin
i=0
for run in base new base new base-pdl new-pdl; do
  i=$((i+1)); bin=$B/nvfp4-gemv; flag=""
  case $run in base*) bin=$B/nvfp4-gemv-base;; esac
  case $run in *pdl) flag=--pdl;; esac
  echo "=== $run"; timeout 100 $bin bench $flag --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/$run$i,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/$run$i,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
echo "=== tests"; target/bundle/run.sh test 2>&1 | grep -E "^=== |test result|FAILED|panicked|error" ; echo "run.sh test rc $?"
