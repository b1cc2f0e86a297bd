#!/usr/bin/env bash
# v86 (2026-12-03, twelfth session): plain rule with two bands moved (long K at 2-3 row tiles per SM: 16 rows
# of 8 consumer warps; K >= 4096 at 4-8: the two-producer small tiles, the host's one-wave correction deciding),
# checked on 10 new shapes in those bands (every entry point and auto, plain and --pdl), and auto plain on
# the shapes of runs v83 and v85 and the benchmark shapes.
set -u
B=target/bundle/bin
N="4608,16384,1;6144,20480,1;2304,24576,2;3072,16384,2;9216,6144,1;11264,12288,1;12288,16384,1;3072,8192,4;16384,4096,1;6144,24576,2"
H="2048,4096,1;5120,12288,1;10240,20480,1;3072,9216,8;8192,3072,2;18432,6144,1;2048,24576,4;12288,2048,1;1536,10240,1;6144,3072,1;2560,18432,2;20480,16384,1;1024,20480,4"
M="6144,4096,1;4096,4096,1;28672,4096,1;4096,14336,1;10240,8192,1;8192,8192,1;57344,8192,1;8192,28672,1;7168,5120,1;5120,5120,1;55296,5120,1;5120,27648,1;14336,4096,2;4096,14336,2"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for mode in plain pdl; do
  flag=""; [ $mode = pdl ] && flag="--pdl"
  echo "=== new shapes, every entry point, $mode"; timeout 150 $B/nvfp4-gemv $flag bench --variant all --shapes "$N" --replays 10 --csv $OUT/new-all-$mode.csv 2>&1 | grep -cE "^nvfp4"
  echo "=== new shapes, auto, $mode"; timeout 60 $B/nvfp4-gemv $flag bench --shapes "$N" --replays 20 --csv $OUT/new-auto-$mode.csv 2>&1 | grep -cE "^nvfp4"
done
echo "=== auto plain: bench, sweep, v83 and v85 shapes"; timeout 200 $B/nvfp4-gemv bench --shapes "all" --replays 20 --csv $OUT/all-auto-plain.csv 2>&1 | grep -E "ceiling"
timeout 120 $B/nvfp4-gemv bench --shapes "$H;$M" --replays 20 --csv $OUT/hm-auto-plain.csv 2>&1 | grep -cE "^nvfp4"
