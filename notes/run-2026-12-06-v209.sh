#!/usr/bin/env bash
# v209 (thirty-third session): step 4 of run v208 alone, on whichever card comes (meant for an
# H100 while no H200 starts): the stream-K patch rebased on main (its GPU test, then --pdl
# against the tiled twin, with and without fix-up) and K split in clusters (--splits 2, 4)
# on the one-wave shapes at K = 16384.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v209/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v209 -czf $OUT/v209.tgz r; }
tar -C $D -xJf target/bundle/extra.tar.xz
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_REQUIRE_GPU=1 timeout 90 $D/gpu-sk --test-threads=1 stream_k > $R/stream-test.log 2>&1; grep -E "test result|FAIL|panicked" $R/stream-test.log
S="7168,16384,1;14336,16384,1;4096,7168,8;8448,16384,1"
timeout 60 $D/nvfp4-gemv-sk --pdl bench --replays 20 --shapes "$S" --variant auto,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $R/sk-pdl.csv > $R/sk-pdl.log 2>&1 || echo "FAILED sk"
NVFP4_STREAM_K_NO_FIXUP=1 timeout 60 $D/nvfp4-gemv-sk --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $R/sknf-pdl.csv > $R/sknf-pdl.log 2>&1 || echo "FAILED sknf"
grep -hE "^nvfp4|EXPERIMENT|ceiling" $R/sk-pdl.log $R/sknf-pdl.log | sort -u
echo "stream-K at ${SECONDS}s"; pack
S="7168,16384,1;14336,16384,1;8448,16384,1"
for x in 1a 2 4 1b; do
  n=${x:0:1}
  timeout 40 $D/nvfp4-gemv --pdl bench --replays 20 --splits $n --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/split$x-pdl.csv > $R/split$x-pdl.log 2>&1 || echo "FAILED split $x"
  grep -E "^nvfp4" $R/split$x-pdl.log
done
echo "=== done at ${SECONDS}s"; pack
