#!/usr/bin/env bash
# v117 (2026-12-04, seventeenth session): the final bundle (K per split 2560 below K = 16384,
# 2048 from there, after run v116). Every GPU test, fuzz plain and --pdl, and run v116's shapes
# with the automatic choice, plain and --pdl (the splits column shows what the rule picked).
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > /tmp/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" /tmp/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
S="16,28672,1;32,20480,1;64,12288,1;256,12288,1;512,16384,1;128,16384,1;192,14336,1;384,18432,1;1024,16384,1"
echo "=== plain"; timeout 100 $B bench --shapes "$S" --replays 30 --csv $OUT/auto-plain.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"
echo "=== pdl"; timeout 100 $B --pdl bench --shapes "$S" --replays 30 --csv $OUT/auto-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"
echo "=== done"
