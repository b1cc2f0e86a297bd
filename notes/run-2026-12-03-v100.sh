#!/usr/bin/env bash
# v100 (2026-12-03, fourteenth session): under PDL, how many stages of `a` to request before
# griddepcontrol.wait (--pdl-prefetch N: N stages, experiment; without it all stages, the
# committed behaviour). Run v99 found 1-2 stages faster than all on 15 of 16 shapes. The
# benchmark shapes and 20 others, N = 0, 1, 2, 3 and all, and N = 2 with each explicit trigger
# (the committed rule: after the loads for grids the GPU holds twice, at start otherwise).
set -u
B=target/bundle/bin/nvfp4-gemv
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;4096,14336,1;3072,16384,2;4096,16384,1;4096,28672,1;3072,7168,1;6144,8192,1;8192,8192,1;2048,4096,1;4096,4096,1;6144,4096,1;16384,4096,1;14336,4096,1;1024,2048,1;2048,7168,8;28672,4096,1;5120,5120,1;28672,28672,1;4096,28672,8;1024,28672,1;14336,7168,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== fuzz, --pdl --pdl-prefetch 0"; $B --pdl --pdl-prefetch 0 fuzz --cases 40 2>&1 | tail -1
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run pdl-all --pdl
run pdl-pre0 --pdl --pdl-prefetch 0
run pdl-pre1 --pdl --pdl-prefetch 1
run pdl-pre2 --pdl --pdl-prefetch 2
run pdl-pre3 --pdl --pdl-prefetch 3
run pdl-pre2-start --pdl --pdl-prefetch 2 --pdl-trigger start
run pdl-pre2-loads --pdl --pdl-prefetch 2 --pdl-trigger loads
