#!/usr/bin/env bash
# v76 (2026-12-03, eleventh session): the final bundle (shuffles and mma through LLVM's convergent NVVM
# intrinsics) through the GPU tests, the bench (plain and --pdl: the table of record), every variant on the
# benchmark shapes (is choose_variant still right?), a fuzz run, the four sanitizers plain and --pdl, the sweep.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -vE "^$"
echo "=== bench, --pdl"; $B/nvfp4-gemv bench --replays 30 --pdl --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== main job"; $B/nvfp4-gemv 2>&1 | tail -7
echo "=== every variant on the benchmark shapes"; timeout 200 $B/nvfp4-gemv bench --replays 20 --variant all --csv $OUT/variants.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== fuzz"; timeout 150 $B/nvfp4-gemv fuzz --cases 150 --seed 76 2>&1 | tail -1
echo "=== sanitizers"; NVFP4_TEST_TIMEOUT=150 target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "sanitize rc $?"
grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAIL" $OUT/sanitize.txt
echo "=== sweep"; timeout 300 $B/nvfp4-gemv bench --shapes sweep --replays 20 --csv $OUT/sweep.csv 2>&1 | grep -E "^nvfp4|ceiling"
