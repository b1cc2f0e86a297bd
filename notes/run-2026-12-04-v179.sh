#!/usr/bin/env bash
# v179 (2026-12-04, twenty-third session): the final bundle (e83eed3; PTX as run v177) once
# more: every GPU test with NVFP4_REQUIRE_GPU=1 and 60 + 60 differential cases.
set -u
echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== fuzz"; target/bundle/bin/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; target/bundle/bin/nvfp4-gemv --pdl fuzz --cases 60 2>&1 | tail -1
