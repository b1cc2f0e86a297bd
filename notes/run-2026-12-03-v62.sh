#!/usr/bin/env bash
# v62 (2026-12-03, ninth session): the final commit's bundle (kernel as 29185a1, bench with the new rotation
# rule): every GPU test and the main job.
target/bundle/run.sh test 2>&1 | grep -E "^=== |test result|FAILED|panicked|error"; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== main job"; timeout 100 target/bundle/bin/nvfp4-gemv 2>&1 | tail -8
echo "=== bench (plain)"; timeout 100 target/bundle/bin/nvfp4-gemv bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
