#!/usr/bin/env bash
# v200 (2026-12-06 UTC, thirtieth session): run v199's variant A (`b`/`sfb` on their own
# mbarrier; the one-producer refill still waits for the next tile's `a`), which passed every
# GPU test, 40 + 40 differential cases and the four sanitizers on an H100 in run v199, on
# whatever card comes: the five shapes (the table), then A (bin/nvfp4-gemv) against main's
# ba5482f (bin/nvfp4-gemv-old) on seven shapes, --pdl and plain, rounds in opposite orders
# while time is left (results re-packed into $OUT after every step).
set -u
D=$PWD/target/bundle/bin
R=/tmp/v200/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v200 -czf $OUT/v200.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
cat $R/record-pdl.log $R/record-plain.log | grep -E "^nvfp4|ceiling"
echo "records at ${SECONDS}s"; pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm16_k1024_s4_w8_p2"
step() {
  if [ $2 = A ]; then bin=$D/nvfp4-gemv; else bin=$D/nvfp4-gemv-old; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$* at ${SECONDS}s"
  pack
}
step pdl A 1; step pdl O 1; step plain A 1; step plain O 1
step pdl O 2; step pdl A 2; step plain O 2; step plain A 2
echo "=== done at ${SECONDS}s"
