#!/usr/bin/env bash
# v111 (2026-12-04, sixteenth session): run v110 showed a grid of more than half a block per
# SM gains nothing from the automatic K split (which splits any grid smaller than the SM
# count, rounding up: 128 blocks become 256) below K = 16384: bm32_k1024_s4_w8 on
# (4096,7168,1) 9.51 us split, 8.30 unsplit (plain), 8.15 / 6.61 (--pdl); but at K = 28672
# the split won (20.96 against 22.77 plain). Every entry point, split auto and off, plain and
# --pdl, on shapes whose 16-row or 32-row grids have between half and one block per SM, and
# at K = 16384 and 20480 for where the crossover lies.
set -u
B=target/bundle/bin/nvfp4-gemv
S="2048,7168,1;2048,4096,1;2048,14336,1;1536,7168,1;1536,14336,1;1792,10240,1;1024,7168,2;2048,8192,1;1152,7168,1;2048,5120,1;4096,16384,1;4096,20480,1;2048,16384,1;2048,20480,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1; shift; echo "=== $name"; timeout 200 $B "$@" --csv $OUT/$name.csv 2>&1 | grep -E "ceiling|FAIL|error"; }
run plain-split-auto bench --shapes "$S" --variant all --replays 30
run plain-split-off bench --shapes "$S" --variant all --splits off --replays 30
run pdl-split-auto --pdl bench --shapes "$S" --variant all --replays 30
run pdl-split-off --pdl bench --shapes "$S" --variant all --splits off --replays 30
echo "=== done"
