#!/usr/bin/env bash
# v114 (2026-12-04, seventeenth session): with the split rule and PDL pick of run v113, the four
# compute-sanitizer tools on the CLI's sanitize-cases (plain and --pdl), and the sweep, plain
# and --pdl (several sweep shapes change split or entry point).
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== sanitizers"; timeout 330 target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAILED|RACECHECK SUMMARY" $OUT/sanitize.txt | head -40
echo "=== sweep"; timeout 110 $B bench --shapes sweep --replays 20 --csv $OUT/sweep-plain.csv 2>&1 | grep -E "ceiling|FAIL|error"
timeout 110 $B --pdl bench --shapes sweep --replays 20 --csv $OUT/sweep-pdl.csv 2>&1 | grep -E "ceiling|FAIL|error"
echo "=== done"
