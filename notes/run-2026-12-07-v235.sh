#!/usr/bin/env bash
# v235 (thirty-ninth session): after v234, the edges, any card: K = 1024 from 4.6 to 9.3 row
# tiles of 16 per SM, K = 2048 from 11.6 to 15.5, K = 1536 and 1792 above 8; main's automatic
# choice against the eight-warp two-stage tiles and the four-warp ones tiled, two rounds in
# opposite orders. Carry ["target/exp-s2x"] (this session's main, xz).
set -u
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv
R=/tmp/v235; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v235.tgz v235; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S="9728,1024,1;11264,1024,1;18432,1024,1;12288,1024,2;28672,2048,1;32768,2048,1;12288,2048,2;16384,2048,2;18432,1536,1;18432,1792,1;24576,1792,1;12288,1536,1"
b() { local n=$1; shift; timeout 100 $B "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5}' | tr '\n' ' ')"; pack; }
for r in 1 2; do
  o="auto w8 w4t"; [ $r = 2 ] && o="w4t w8 auto"
  for x in $o; do case $x in
    auto) b auto-$r --pdl bench --replays 20 --shapes "$S" ;;
    w8) b w8-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2_w8 ;;
    w4) b w4-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
    w4t) b w4t-$r --pdl --a-layout tiled bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
  esac; done
done
grep -hE "^nvfp4" $R/auto-1.log | awk '{print $1, $3}' > $R/auto-kernels.txt
echo "=== done at ${SECONDS}s"; pack
