#!/usr/bin/env bash
# v215 (thirty-fifth session): one call on an H200 (exits at once on any other card) with the
# bundle of v214 (main at 1020103 plus --stream-k-skew and the owner's bounded wait; its GPU
# tests, fuzz and sanitizers passed on an H100 in v214). On an H100 (v214) the stream-K twin
# with the skew 4 and all four stages prefetched before the PDL wait was 3-6% faster at 1-2
# waves; and the tiled twin with four stages 3.4% faster on (7168,16384,1). Here, --pdl:
#  1. the five-shape table, default, then with --pdl-prefetch 4 and 3;
#  2. the rule's band (auto choice): default against skew 4 + prefetch 4, skew 4 + prefetch 3,
#     skew 0 + prefetch 4, in the order ABCDDCBA while time is left;
#  3. one-wave shapes: the tiled twin (the auto choice) with prefetch 2, 3, 4 against the
#     stream-K twin with skew 4 + prefetch 4;
#  4. every GPU test, fuzz and the sanitizers (H200 correctness of this bundle).
# Carry ["target/bundle"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin
R=/tmp/v215/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v215 -czf $OUT/v215.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
V=nvfp4_gemv_bm32_k1024_s4_w8_stream
b() {  # name, then CLI arguments before `bench`, then `--` and bench arguments
  local n=$1; shift
  local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  [ $SECONDS -lt ${LIMIT:-420} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 60 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench --replays 20 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $7}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"
  pack
}
S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;28672,28672,1;4096,14336,8;12288,7168,1"
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1"
# Most decisive first (the device budget may end the call early).
b band-A1 -- --shapes "$S"
b band-B1 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$S"
b wave-pf2 -- --shapes "$W"
b wave-pf4 --pdl-prefetch 4 -- --shapes "$W"
b wave-twin --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$W" --variant $V
b band-B2 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$S"
b band-A2 -- --shapes "$S"
b rec-pf2 -- --shapes bench
b rec-pf4 --pdl-prefetch 4 -- --shapes bench
b band-C1 --stream-k-skew 4 --pdl-prefetch 3 -- --shapes "$S"
b band-D1 --pdl-prefetch 4 -- --shapes "$S"
b wave-pf3 --pdl-prefetch 3 -- --shapes "$W"
b rec-pf3 --pdl-prefetch 3 -- --shapes bench
echo "timing done at ${SECONDS}s"
[ $SECONDS -lt ${LIMIT:-500} ] && { NVFP4_TEST_TIMEOUT=100 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } > $R/test.log
[ $SECONDS -lt ${LIMIT:-500} ] && { timeout 60 $D/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; } >> $R/test.log
grep -E "test result|FAILED|passed|rc" $R/test.log; echo "tests at ${SECONDS}s"; pack
[ $SECONDS -lt ${LIMIT:-500} ] && { NVFP4_TEST_TIMEOUT=40 timeout 80 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log; }
echo "=== done at ${SECONDS}s"; pack
