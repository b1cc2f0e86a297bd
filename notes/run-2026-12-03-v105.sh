#!/usr/bin/env bash
# v105 (2026-12-03, fifteenth session): run v104 found the `exit` PDL trigger (the next grid
# starts when this one's last block exits) faster than the automatic one and than plain
# launches on (4096,{7168,10240,14336},1): 256 blocks of bm16_k1024_s4_w8_p2, ~2 per SM, a grid
# the GPU holds twice (so `auto` = `loads`). Which grids share that? Shapes around 2 blocks per
# SM and other K; every trigger and plain launches. Same bundle as v102.
set -u
B=target/bundle/bin/nvfp4-gemv
S="4096,4096,1;4096,5120,1;4096,6144,1;4096,8192,1;4096,11008,1;4096,12288,1;2048,7168,2;2048,14336,2;1024,14336,4;4224,14336,1;3840,14336,1;3584,14336,1;4608,14336,1;5120,14336,1;4096,16384,1;4096,14336,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run plain
run pdl-auto --pdl
run pdl-exit --pdl --pdl-trigger exit
run pdl-start --pdl --pdl-trigger start
run pdl-loads --pdl --pdl-trigger loads
run pdl-exit-b --pdl --pdl-trigger exit
run pdl-auto-b --pdl
