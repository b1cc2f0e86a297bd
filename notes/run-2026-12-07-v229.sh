#!/usr/bin/env bash
# v229 (thirty-ninth session): after v228, the two-stage eight-warp tiles on K = 2048 with both
# stages requested before the wait (`--pdl-prefetch 2`), rows and tiled, the three PDL triggers,
# against the automatic choice, two rounds in opposite orders. Carry ["target/exp-s2x"].
set -u
E=/tmp/exp-s2; mkdir -p $E; tar -C $E -xJf target/exp-s2x/exp-s2.tar.xz; R=/tmp/v229; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v229.tgz v229; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S="7168,2048,1;4096,2048,1;14336,2048,1;3072,2048,1;10240,2048,1;5120,2048,1;2048,2048,1;7168,2048,2;28672,2048,1"
W=nvfp4_gemv_bm32_k1024_s2_w8
b() { local n=$1; shift; timeout 100 $E/nvfp4-gemv "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $3, $5}' | tr '\n' ' ')"; pack; }
for r in 1 2; do
  o="auto w8pf1 w8pf2 w8tpf2 w8pf2L w8pf2X"; [ $r = 2 ] && o="w8pf2X w8pf2L w8tpf2 w8pf2 w8pf1 auto"
  for x in $o; do case $x in
    auto) b auto-$r --pdl bench --replays 20 --shapes "$S" ;;
    w8pf1) b w8pf1-$r --pdl bench --replays 20 --shapes "$S" --variant $W ;;
    w8pf2) b w8pf2-$r --pdl --pdl-prefetch 2 bench --replays 20 --shapes "$S" --variant $W ;;
    w8tpf2) b w8tpf2-$r --pdl --pdl-prefetch 2 --a-layout tiled bench --replays 20 --shapes "$S" --variant $W ;;
    w8pf2L) b w8pf2L-$r --pdl --pdl-prefetch 2 --pdl-trigger loads bench --replays 20 --shapes "$S" --variant $W ;;
    w8pf2X) b w8pf2X-$r --pdl --pdl-prefetch 2 --pdl-trigger exit bench --replays 20 --shapes "$S" --variant $W ;;
  esac; done
done
b plain-auto bench --replays 20 --shapes "$S"
b plain-w8t --a-layout tiled bench --replays 20 --shapes "$S" --variant $W
echo "=== done at ${SECONDS}s"; pack
