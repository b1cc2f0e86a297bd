#!/usr/bin/env bash
# v193 (2026-12-05, twenty-eighth session): the stream-K twin nvfp4_gemv_bm32_k1024_s4_w8_stream
# (kernel::layout::stream_k_first_unit). Its GPU test and every other one with
# NVFP4_REQUIRE_GPU=1, 40 + 40 differential cases, the four sanitizers (plain and --pdl, two
# new stream-K cases); then --pdl and plain, two rounds in opposite orders: the automatic
# choice, bm32_k1024_s4_w8_tiled (K split as the rule says) and the stream-K twin on the five
# shapes and seven more one-wave or few-wave 32-row grids.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false|differ" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
NVFP4_REQUIRE_GPU=1 target/bundle/tests/gpu stream_k --nocapture > $OUT/r/stream-test.log 2>&1; tail -3 $OUT/r/stream-test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
timeout 200 target/bundle/run.sh sanitize > $OUT/r/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/r/sanitize.log | tee -a $OUT/r/test.log; echo "sanitize at ${SECONDS}s"
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;8448,16384,1;14336,16384,1;4096,14336,1;2048,7168,1;7168,7168,1;1024,28672,1;4096,28672,8"
T=nvfp4_gemv_bm32_k1024_s4_w8_tiled
K=nvfp4_gemv_bm32_k1024_s4_w8_stream
for r in 1 2; do
  if [ $r = 1 ]; then V="auto,$T,$K"; else V="$K,$T,auto"; fi
  for mode in pdl plain; do
    f=""; [ $mode = pdl ] && f="--pdl"
    timeout 200 $B $f bench --replays 20 --shapes "$S" --variant "$V" --csv $OUT/r/$mode-$r.csv > $OUT/r/$mode-$r.log 2>&1 || echo "FAILED $mode $r"
    echo "$mode $r at ${SECONDS}s"
  done
done
cat $OUT/r/pdl-1.log | grep -E "^nvfp4|ceiling"
tar -C $OUT -czf $OUT/v193.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
