#!/usr/bin/env bash
# v96 (2026-12-03, thirteenth session): the final bundle (kernel as in the eleventh session, the
# PDL rule of this session): every GPU test, the four compute-sanitizer tools with plain and
# --pdl launches, and the bench once more, plain and --pdl.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== sanitizers"; timeout 420 target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAILED|RACECHECK SUMMARY" $OUT/sanitize.txt | head -40
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench, --pdl"; $B/nvfp4-gemv --pdl bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
