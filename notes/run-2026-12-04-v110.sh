#!/usr/bin/env bash
# v110 (2026-12-04, sixteenth session): run v109 found bm32_k1024_s4_w8 at 6.68 us on
# (4224,7168,1) under --pdl, 132 blocks, one per SM, unsplit, where the chosen entry point
# took 8.44. On (4096,7168,1) the same tiles make 128 blocks, which the automatic K split
# (BLOCKS_PER_SM_TARGET = 1: split any grid smaller than the SM count) doubles to 256. Every
# entry point with the automatic split and with --splits off, plain and --pdl, on shapes whose
# 32-row grids are a little under one block per SM.
set -u
B=target/bundle/bin/nvfp4-gemv
S="4096,7168,1;4096,14336,1;4096,4096,1;4096,28672,1;2048,7168,2;3840,14336,1;3584,14336,1;3072,7168,1;3072,14336,1;2560,7168,1;4096,10240,1;1024,7168,4"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1; shift; echo "=== $name"; timeout 200 $B "$@" --csv $OUT/$name.csv 2>&1 | grep -E "ceiling|FAIL|error"; }
run plain-split-auto bench --shapes "$S" --variant all --replays 30
run plain-split-off bench --shapes "$S" --variant all --splits off --replays 30
run pdl-split-auto --pdl bench --shapes "$S" --variant all --replays 30
run pdl-split-off --pdl bench --shapes "$S" --variant all --splits off --replays 30
echo "=== done"
