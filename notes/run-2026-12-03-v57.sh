#!/usr/bin/env bash
# v57 (2026-12-03, ninth session): (1) does an L2 evict-first hint raise the read-only kernel's rate (the ceiling)?
# nvfp4-gemv-readhint = the v56 diagnostic CLI with notes/diag-2026-12-03-v57-read-kernel-evict-first.patch (its GEMV
# as target/bundle/bin/nvfp4-gemv by default); (2) --pdl again, new against base (29185a1).
B=target/bundle/bin
i=0
for run in new readhint new readhint new-pdl base-pdl new-pdl base-pdl; do
  i=$((i+1)); bin=$B/nvfp4-gemv; flag=""
  case $run in base*) bin=$B/nvfp4-gemv-base;; readhint*) bin=$B/nvfp4-gemv-readhint;; esac
  case $run in *pdl) flag=--pdl;; esac
  echo "=== $run"; timeout 100 $bin bench $flag --replays 30 --csv $OUT/s.csv 2>&1 | grep -E "^nvfp4|ceiling"
  if [ ! -f $OUT/bench.csv ]; then sed "1s/^/run,/;1!s/^/$run$i,/" $OUT/s.csv > $OUT/bench.csv; else sed "1d;s/^/$run$i,/" $OUT/s.csv >> $OUT/bench.csv; fi
done
rm -f $OUT/s.csv
