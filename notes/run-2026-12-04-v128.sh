#!/usr/bin/env bash
# v128 (2026-12-04, eighteenth session): the final bundle after the review commit. Every GPU
# test with NVFP4_REQUIRE_GPU=1 (run.sh test sets it), fuzz plain and --pdl, the four
# sanitizers, and a cluster check on the CLI.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked|SKIPPED" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== sanitize"; target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/sanitize.txt
echo "=== bench (split shapes)"; $B bench --shapes "256,20480,1;512,8192,1;1024,28672,1" --replays 10 2>&1 | grep -E "ceiling|nvfp4_gemv"
echo "=== done"
