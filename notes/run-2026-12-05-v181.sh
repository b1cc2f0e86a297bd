#!/usr/bin/env bash
# v181 (2026-12-05, twenty-fourth session): the tiled layout, continued: the four sanitizers
# plain and --pdl (sanitize-cases now with three tiled cases); the sweep, automatic choice,
# rows and tiled in one run (--a-layout both), plain.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
{ target/bundle/run.sh sanitize 2>&1 | grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED|pass|FAIL"; echo "run.sh sanitize rc ${PIPESTATUS[0]}"; } > $OUT/r/sanitize.log
grep -E "SUMMARY|rc|FAIL" $OUT/r/sanitize.log | sort | uniq -c
timeout 280 $B --a-layout both bench --shapes sweep --replays 20 --csv $OUT/r/sweep-plain-both.csv > $OUT/r/sweep-plain-both.log 2>&1 || echo "FAILED sweep"
tail -3 $OUT/r/sweep-plain-both.log
tar -C $OUT -czf $OUT/v181.tgz r && rm -rf $OUT/r
echo "=== done"
