#!/usr/bin/env bash
# v108 (2026-12-04, sixteenth session): two questions the fifteenth session left (notes/NEXT.md).
# 1. The PDL rule's band 2 <= rt < 3 above K = 4096 picks bm16_k1024_s6_w8; at its lower edge
#    (4224,14336,1) that was 13.6-15.0 us under --pdl while plain launches of bm16_k512_s4_p2
#    took 12.90. Every entry point under --pdl on eight band shapes, plain auto for reference.
# 2. Split-K grids the GPU does not hold twice start the next kernel at once; for
#    (1024,28672,1) the trigger after the loads was 4% faster (run v107). start vs loads on
#    eight split-K shapes, two alternating rounds. Same code as run v107 (docs changed only).
set -u
B=target/bundle/bin/nvfp4-gemv
BAND="4224,14336,1;4224,7168,1;4352,14336,1;4608,14336,1;4224,28672,1;5120,14336,1;6144,7168,1;4608,8192,1"
SPLIT="1024,28672,1;512,28672,1;1024,16384,1;2048,28672,1;768,28672,1;1024,14336,2;512,16384,4;1536,28672,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1 s=$2; shift 2; echo "=== $name"; timeout 150 $B "$@" bench --shapes "$s" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"; }
run band-plain "$BAND"
run band-pdl-all "$BAND" --pdl --variant all
run split-start-a "$SPLIT" --pdl --pdl-trigger start
run split-loads-a "$SPLIT" --pdl --pdl-trigger loads
run split-start-b "$SPLIT" --pdl --pdl-trigger start
run split-loads-b "$SPLIT" --pdl --pdl-trigger loads
echo "=== done"
