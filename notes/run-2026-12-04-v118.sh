#!/usr/bin/env bash
# v118 (2026-12-04, seventeenth session): the final bundle after the Shape::splits clean-up
# (behaviour unchanged). Every GPU test with NVFP4_REQUIRE_GPU=1 (run.sh test sets it), fuzz
# plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests (NVFP4_REQUIRE_GPU=1)"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked|skip" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
echo "=== done"
