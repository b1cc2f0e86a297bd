#!/usr/bin/env bash
# v91 (2026-12-03, thirteenth session): the final bundle (PDL rule moved in three bands, one-wave
# correction under PDL): GPU tests, the bench plain and --pdl (table of record), fuzz plain and
# --pdl, the auto choice under --pdl on the 11 shapes of runs v81-v86 whose pick changed, and the
# sweep under --pdl.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling|^kernel"
echo "=== bench, --pdl"; $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== fuzz"; timeout 90 $B/nvfp4-gemv fuzz --cases 80 --seed 91 2>&1 | tail -1
timeout 90 $B/nvfp4-gemv --pdl fuzz --cases 80 --seed 911 2>&1 | tail -1
S="16384,4096,1;5120,5120,1;9216,6144,1;14336,7168,1;5120,12288,1;4608,16384,1;3072,16384,2;2560,18432,2;6144,20480,1;2304,24576,2;5120,27648,1"
echo "=== changed shapes, auto, --pdl"; timeout 120 $B/nvfp4-gemv --pdl bench --variant auto --shapes "$S" --replays 20 --csv $OUT/changed-auto-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== sweep --pdl"; timeout 150 $B/nvfp4-gemv --pdl bench --shapes sweep --replays 20 --csv $OUT/sweep-pdl.csv 2>&1 | grep -E "ceiling"
