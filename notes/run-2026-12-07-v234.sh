#!/usr/bin/env bash
# v234 (thirty-ninth session): where else the two-stage tiles might pay under --pdl, any card:
# one K tile per block (K = 1024) and K = 2048 above 8 row tiles of 16 per SM, main's
# automatic choice against the two-stage variants (rows, and the four-warp ones tiled), two
# rounds in opposite orders. Carry ["target/exp-s2x"] (this session's main, xz).
set -u
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv
R=/tmp/v234; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v234.tgz v234; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S=""; for m in 4096 6144 7168 8192 9216 10240 12288 14336 16384 20480 28672; do S="$S$m,1024,1;"; done
S="${S}18432,2048,1;20480,2048,1;24576,2048,1;8192,2048,3"
b() { local n=$1; shift; timeout 100 $B "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5}' | tr '\n' ' ')"; pack; }
for r in 1 2; do
  o="auto w8 w4 w4t"; [ $r = 2 ] && o="w4t w4 w8 auto"
  for x in $o; do case $x in
    auto) b auto-$r --pdl bench --replays 20 --shapes "$S" ;;
    w8) b w8-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2_w8 ;;
    w4) b w4-$r --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
    w4t) b w4t-$r --pdl --a-layout tiled bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s2 ;;
  esac; done
done
grep -hE "^nvfp4" $R/auto-1.log | awk '{print $1, $3}' > $R/auto-kernels.txt
echo "=== done at ${SECONDS}s"; pack
