#!/usr/bin/env bash
# v84 (2026-12-03, twelfth session): the final bundle (choose_variant with a PDL rule; plain rule as before).
# GPU tests; the bench plain and --pdl (table of record); sweep and the 13 hold-out shapes of v83 with the
# automatic choice, both modes; fuzz plain and --pdl.
set -u
B=target/bundle/bin
H="2048,4096,1;5120,12288,1;10240,20480,1;3072,9216,8;8192,3072,2;18432,6144,1;2048,24576,4;12288,2048,1;1536,10240,1;6144,3072,1;2560,18432,2;20480,16384,1;1024,20480,4"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling|^kernel"
echo "=== bench, --pdl"; $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
for mode in plain pdl; do
  flag=""; [ $mode = pdl ] && flag="--pdl"
  echo "=== sweep and hold-out, auto, $mode"; timeout 200 $B/nvfp4-gemv $flag bench --shapes "sweep" --replays 20 --csv $OUT/sweep-$mode.csv 2>&1 | grep -cE "^nvfp4"
  timeout 100 $B/nvfp4-gemv $flag bench --shapes "$H" --replays 20 --csv $OUT/holdout-$mode.csv 2>&1 | grep -cE "^nvfp4"
done
echo "=== fuzz"; timeout 90 $B/nvfp4-gemv fuzz --cases 60 --seed 84 2>&1 | tail -1
timeout 90 $B/nvfp4-gemv --pdl fuzz --cases 60 --seed 841 2>&1 | tail -1
