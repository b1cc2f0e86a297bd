#!/usr/bin/env bash
# v230 (thirty-ninth session): M sweep at K = 2048 (and 1536, 1792) under --pdl: the automatic
# choice against the two-stage 32-row tiles (eight warps with one and with two stages requested
# before the wait; four warps, rows and tiled), two rounds in opposite orders.
# Carry ["target/exp-s2x"].
set -u
E=/tmp/exp-s2; mkdir -p $E; tar -C $E -xJf target/exp-s2x/exp-s2.tar.xz; R=/tmp/v230; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v230.tgz v230; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S=""; for m in 1024 2048 3072 4096 5120 6144 6656 7168 7680 8192 9216 10240 11264 12288 13312 14336 16384; do S="$S$m,2048,1;"; done
S="${S}7168,1536,1;10240,1536,1;7168,1792,1;6144,2048,2;3584,2048,4"
b() { local n=$1; shift; timeout 100 $E/nvfp4-gemv "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5}' | tr '\n' ' ')"; pack; }
for r in 1 2; do
  o="auto w8pf1 w8pf2 w4 w4t"; [ $r = 2 ] && o="w4t w4 w8pf2 w8pf1 auto"
  for x in $o; do case $x in
    auto) b auto-$r --pdl bench --replays 20 --shapes "$S" ;;
    w8pf1) b w8pf1-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2_w8 ;;
    w8pf2) b w8pf2-$r --pdl --pdl-prefetch 2 bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2_w8 ;;
    w4) b w4-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
    w4t) b w4t-$r --pdl --a-layout tiled bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
  esac; done
done
echo "=== done at ${SECONDS}s"; pack
