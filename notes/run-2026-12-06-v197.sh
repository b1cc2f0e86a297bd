#!/usr/bin/env bash
# v197 (2026-12-06 UTC, twenty-ninth session): the FP8 route's producer converts `b` with nine
# instructions per word (e2m1x8_to_e4m3x8_in_order_prmt: two prmt over the even/odd words)
# instead of the element loop (~40), and loads a stage's raw `b` and `sfb` before converting
# (the 32-row FP8 tiles only; every other entry point's PTX unchanged). Every GPU test with
# NVFP4_REQUIRE_GPU=1, 40 + 40 differential cases, the four sanitizers; then the new binary
# (bin/nvfp4-gemv) against the previous one (bin/nvfp4-gemv-old, main at 343473e) on the FP8
# entry points and the automatic choice, --pdl and plain, rounds in alternating order while
# time is left (one device call; results re-packed into $OUT after every step, so a run cut short
# by the device's time limit still returns what it did); the new binary also runs the new
# two-producer eight-warp 32-row tile (bm32_k1024_s4_w8_p2, and its tiled twin: a refill no
# longer waits for the next tile's arrival and preparation); then the five shapes (the table).
set -u
B=target/bundle/bin/nvfp4-gemv
O=target/bundle/bin/nvfp4-gemv-old
R=/tmp/v197/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v197 -czf $OUT/v197.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $R/test.log
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm32_k1024_s4_p2"
bench_step() {
  if [ $2 = new ]; then bin=$B; VV="$V,nvfp4_gemv_bm32_k1024_s4_w8_p2,nvfp4_gemv_bm32_k1024_s4_w8_p2_tiled"; else bin=$O; VV=$V; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$VV" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$* at ${SECONDS}s" | tee -a $R/test.log
  pack
}
bench_step pdl new 1; bench_step pdl old 1; bench_step plain new 1; bench_step plain old 1
timeout 100 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log; echo "sanitize at ${SECONDS}s" | tee -a $R/test.log
pack
bench_step pdl old 2; bench_step pdl new 2; bench_step plain old 2; bench_step plain new 2
timeout 50 $B --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $B bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
cat $R/record-pdl.log $R/record-plain.log | grep -E "^nvfp4|ceiling"
pack
echo "=== done at ${SECONDS}s"
