#!/usr/bin/env bash
# v186 (2026-12-05, twenty-fifth session): v182's first half only (device time): the --pdl
# sweep with both layouts of `a` (main's binary), for a rule on the tiled layout per launch mode.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
timeout 290 $B --pdl --a-layout both bench --shapes sweep --replays 20 --csv $OUT/r/sweep-pdl-both.csv > $OUT/r/sweep-pdl-both.log 2>&1; echo "rc $? at ${SECONDS}s"
grep -m2 -E "^device|ceiling" $OUT/r/sweep-pdl-both.log
tar -C $OUT -czf $OUT/v186.tgz r && rm -rf $OUT/r
