#!/usr/bin/env bash
# v90 (2026-12-03, thirteenth session): the PDL rule moved in three bands (K > 4096 with under 1 or
# 2-3 row tiles per SM: bm16_k1024_s6_w8; 4-8 row tiles per SM below K = 8192: the two-producer
# small tiles, with the host's one-wave correction now under PDL too). Fitted to the 66 shapes
# of runs v81-v86; checked here on 16 shapes not measured before, all in the moved bands:
# every entry point under --pdl, then the auto choice under --pdl. Then the GPU tests.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="1280,8192,1;2048,11008,1;512,16384,2;1536,28672,1;768,6144,1;4352,8192,1;5376,14336,1;2816,9216,2;6016,11008,1;4608,5120,1;1280,20480,4;12288,5120,1;16384,6144,1;8704,4096,1;2560,7168,4;13824,5120,1"
echo "=== every entry point, --pdl"; timeout 240 $B/nvfp4-gemv --pdl bench --variant all --shapes "$S" --replays 20 --csv $OUT/holdout-all-pdl.csv 2>&1 | grep -E "ceiling"
echo "=== auto, --pdl"; timeout 120 $B/nvfp4-gemv --pdl bench --variant auto --shapes "$S" --replays 20 --csv $OUT/holdout-auto-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
