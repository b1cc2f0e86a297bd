#!/usr/bin/env bash
# v99 (2026-12-03, fourteenth session): PDL against plain launches where run v98 found plain
# faster (M of 3072-4096, K >= 7168, 1-3 row tiles per SM), and how many stages of `a` a PDL
# launch should request before griddepcontrol.wait (--pdl-prefetch N, experiment; 0 = all).
set -u
B=target/bundle/bin/nvfp4-gemv
S="4096,7168,1;4096,14336,1;3072,16384,2;4096,8192,1;4096,16384,1;4096,28672,1;3072,7168,1;5120,8192,1;6144,8192,1;2048,16384,2;2048,7168,2;7168,16384,1;7168,2048,1;4096,7168,8;7168,2048,4;8192,8192,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== fuzz, --pdl --pdl-prefetch 1"; $B --pdl --pdl-prefetch 1 fuzz --cases 40 2>&1 | tail -1
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run plain
run pdl-auto --pdl
run pdl-pre1 --pdl --pdl-prefetch 1
run pdl-pre2 --pdl --pdl-prefetch 2
run pdl-exit --pdl --pdl-trigger exit
