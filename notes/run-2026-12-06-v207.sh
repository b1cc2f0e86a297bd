#!/usr/bin/env bash
# v207 (thirty-second session): the small tiles' --pdl band below K = 8192 from 4 row tiles per
# SM (NEXT.md's loose end: (14336,7168,1) ran 5-6% faster with 32 rows on both cards, while
# (12288,6144,1) and (16384,4096,1) ran 8-10% slower on an H100). The automatic choice against
# bm32_k1024_s4_w8 and its tiled twin on shapes of that band none of the sweeps had, one round
# of 20 replays, whichever card comes.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v207/r
mkdir -p $R
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
H="10240,7168,1;12288,7168,1;8192,7168,2;4096,7168,4;9216,6144,1;10240,5120,1;6144,4096,2;12288,4096,1;14336,6144,1;2048,7168,16"
timeout 150 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "$H" --variant auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/k7168-pdl.csv > $R/k7168-pdl.log 2>&1 || echo FAILED
tar -C /tmp/v207 -czf $OUT/v207.tgz r
echo "=== done at ${SECONDS}s"
