#!/usr/bin/env bash
# v232 (thirty-ninth session): after v231 (the band lost 8.4% at (12288,1280,1)), K = 1280,
# 1536 and 1792 in both halves of the band, main (A) against the branch (B), --pdl, A B B A,
# and the branch's four-warp tiles rows against tiled. Carry ["target/bundle", "target/exp-s2x"].
set -u
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv
A=$PWD/target/bundle/bin/nvfp4-gemv; R=/tmp/v232; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v232.tgz v232; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S="7168,1280,1;9216,1280,1;9216,1536,1;9216,1792,1;12288,1280,1;14336,1280,1;12288,1536,1;14336,1536,1;12288,1792,1;14336,1792,1;16384,1536,1;16384,1280,1"
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
b A1 $A --pdl bench --replays 20 --shapes "$S"
b B1 $B --pdl bench --replays 20 --shapes "$S"
b B2 $B --pdl bench --replays 20 --shapes "$S"
b A2 $A --pdl bench --replays 20 --shapes "$S"
grep -hE "^nvfp4" $R/B1.log | awk '{print $1, $3}' > $R/B-kernels.txt; grep -hE "^nvfp4" $R/A1.log | awk '{print $1, $3}' > $R/A-kernels.txt
b w4rows $B --pdl --a-layout rows bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2
b w4tiled $B --pdl --a-layout tiled bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2
b w8 $B --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2_w8
echo "=== done at ${SECONDS}s"; pack
