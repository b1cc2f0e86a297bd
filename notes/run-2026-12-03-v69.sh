#!/usr/bin/env bash
# v69 (2026-12-03, tenth session): the final bundle (a's tensor map with L2 promotion none; kernel as committed)
# through the four sanitizers with plain and --pdl launches, then the sweep (plain launches, 20 replays).
set -u
echo "=== sanitizers"; NVFP4_TEST_TIMEOUT=150 target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAIL" $OUT/sanitize.txt
echo "=== sweep"; timeout 420 target/bundle/bin/nvfp4-gemv bench --shapes sweep --replays 20 --csv $OUT/sweep.csv 2>&1 | grep -E "^nvfp4|ceiling"
