#!/usr/bin/env bash
# v98 (2026-12-03, fourteenth session): when a GEMV launched with PDL lets the next kernel
# start. Each trigger (--pdl-trigger start|loads|exit, and auto = the committed rule) on the
# benchmark shapes and 12 others of 1-8 row tiles per SM, plus plain launches, in one run;
# 40 differential cases with the exit trigger first.
set -u
B=target/bundle/bin/nvfp4-gemv
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;2048,4096,1;4096,4096,1;6144,4096,1;16384,4096,1;8192,8192,1;4096,14336,1;14336,4096,1;1024,2048,1;2048,7168,8;3072,16384,2;28672,4096,1;5120,5120,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== fuzz, --pdl --pdl-trigger exit"; $B --pdl --pdl-trigger exit fuzz --cases 40 2>&1 | tail -1
for t in auto start loads exit; do
  echo "=== --pdl --pdl-trigger $t"; $B --pdl --pdl-trigger $t bench --shapes "$S" --replays 30 --csv $OUT/pdl-$t.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"
done
echo "=== plain"; $B bench --shapes "$S" --replays 30 --csv $OUT/plain.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"
