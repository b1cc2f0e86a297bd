#!/usr/bin/env bash
# v88 (2026-12-03, twelfth session): GPU tests and a short fuzz on the final commit's bundle (after v87 only
# comments and a named constant changed).
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests (NVFP4_REQUIRE_GPU=1 via run.sh)"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|skip" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== fuzz"; timeout 60 $B/nvfp4-gemv fuzz --cases 40 --seed 88 2>&1 | tail -1
timeout 60 $B/nvfp4-gemv --pdl fuzz --cases 40 --seed 881 2>&1 | tail -1
