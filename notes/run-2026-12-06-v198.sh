#!/usr/bin/env bash
# v198 (2026-12-06 UTC, thirtieth session): each stage's `b` and `sfb` complete on their own
# mbarrier (`b_full`), issued before `a`, so the producer prepares a stage without waiting for
# its `a` (every TMA entry point: one more barrier per stage). Every GPU test with
# NVFP4_REQUIRE_GPU=1, 40 + 40 differential cases, the four sanitizers (with the
# bm32_k1024_s4_w8_p2 case); then the new binary (bin/nvfp4-gemv) against main's ba5482f
# (bin/nvfp4-gemv-old) on the automatic choice and six entry points, --pdl and plain, two
# rounds in opposite orders (results re-packed into $OUT after every step, so a run cut
# short still returns what it did); the five shapes (the table); the --pdl sweep of the
# eight-warp 32-row tiles against the automatic choice (the rules check of NEXT.md item 2).
set -u
B=target/bundle/bin/nvfp4-gemv
O=target/bundle/bin/nvfp4-gemv-old
R=/tmp/v198/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v198 -czf $OUT/v198.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $R/test.log
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm32_k1024_s4_p2,nvfp4_gemv_bm16_k512_s4_p2,nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm16_k512_s4"
bench_step() {
  if [ $2 = new ]; then bin=$B; else bin=$O; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$* at ${SECONDS}s" | tee -a $R/test.log
  pack
}
bench_step pdl new 1; bench_step pdl old 1; bench_step plain new 1; bench_step plain old 1
timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log; echo "sanitize at ${SECONDS}s" | tee -a $R/test.log
pack
bench_step pdl old 2; bench_step pdl new 2; bench_step plain old 2; bench_step plain new 2
timeout 50 $B --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $B bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
cat $R/record-pdl.log $R/record-plain.log | grep -E "^nvfp4|ceiling|^\(" | head -30
pack
echo "=== sweep at ${SECONDS}s"
timeout 150 $B --pdl bench --replays 10 --shapes sweep --variant auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/sweep-pdl.csv > $R/sweep-pdl.log 2>&1
pack
echo "=== done at ${SECONDS}s"
