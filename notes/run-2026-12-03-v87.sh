#!/usr/bin/env bash
# v87 (2026-12-03, twelfth session): the final bundle (plain rule with two bands moved, PDL rule): GPU tests,
# the bench plain and --pdl (table of record), fuzz plain and --pdl, and the sweep plain and --pdl.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling|^kernel"
echo "=== bench, --pdl"; $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== fuzz"; timeout 90 $B/nvfp4-gemv fuzz --cases 80 --seed 87 2>&1 | tail -1
timeout 90 $B/nvfp4-gemv --pdl fuzz --cases 80 --seed 871 2>&1 | tail -1
for mode in plain pdl; do
  flag=""; [ $mode = pdl ] && flag="--pdl"
  echo "=== sweep $mode"; timeout 150 $B/nvfp4-gemv $flag bench --shapes sweep --replays 20 --csv $OUT/sweep-$mode.csv 2>&1 | grep -E "ceiling"
done
