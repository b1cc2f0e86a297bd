#!/usr/bin/env bash
# v58 (2026-12-03, ninth session): the HINTED build, not kept (a's copies evict-first with no L2 promotion; the
# read-only kernel's loads evict-first): every GPU test, the table (plain and --pdl, twice each), fuzzing,
# the sanitizers, the sweep. Bundle: cargo xtask bundle.
B=target/bundle/bin
{
echo "=== tests"; target/bundle/run.sh test 2>&1 | grep -E "^=== |test result|FAILED|panicked|error"; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench plain (final)"; timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/final.csv --json $OUT/final.json --svg $OUT/final.svg 2>&1
echo "=== bench --pdl (final)"; timeout 100 $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/pdl.csv --svg $OUT/pdl.svg 2>&1
echo "=== bench plain (again)"; timeout 100 $B/nvfp4-gemv bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench --pdl (again)"; timeout 100 $B/nvfp4-gemv --pdl bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== main job"; timeout 100 $B/nvfp4-gemv 2>&1 | tail -8
echo "=== fuzz"; timeout 150 $B/nvfp4-gemv fuzz --cases 150 --seed 58 2>&1 | tail -2
echo "=== fuzz --pdl"; timeout 150 $B/nvfp4-gemv --pdl fuzz --cases 100 --seed 580 2>&1 | tail -2
echo "=== sanitize"; target/bundle/run.sh sanitize 2>&1 | grep -E "^=== |ERROR SUMMARY|RACECHECK SUMMARY|FAILED"; echo "run.sh sanitize rc ${PIPESTATUS[0]}"
echo "=== sweep"; timeout 220 $B/nvfp4-gemv bench --shapes sweep --replays 30 --csv $OUT/sweep.csv 2>&1 | grep -E "^nvfp4|ceiling"
} 2>&1 | tee $OUT/log.txt
