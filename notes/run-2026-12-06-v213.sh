#!/usr/bin/env bash
# v213 (thirty-fifth session): one call on an H200 with the bundle of main at 1020103 (the
# thirty-fourth session's last commit, whose rule bound never ran as a bundle) plus the
# stream-K schedule's skew (--stream-k-skew, default 0: the same equal ranges):
#  1. the five-shape table (--pdl, then plain);
#  2. every GPU test, 60 + 120 differential cases (plain, --pdl);
#  3. the four sanitizers, plain and --pdl;
#  4. the skew against equal ranges (--pdl), with two and four stages prefetched, rounds in
#     opposite orders;
#  5. where the stream-K twin's time over the read-only kernel goes (--pdl): equal-byte
#     shapes with more or fewer row tiles (the cost per row tile), twice the K (the cost per
#     launch).
# Build: cargo xtask build-ptx && cargo xtask bundle; rm -rf target/bundle/benches
# target/bundle/tests/host; strip target/bundle/bin/* target/bundle/tests/*. Carry ["target/bundle"].
set -u
H200=1; nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200 (correctness only):"; nvidia-smi -L; H200=0; }
D=$PWD/target/bundle/bin
R=/tmp/v213/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v213 -czf $OUT/v213.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
grep -hE "^nvfp4|ceiling" $R/record-pdl.log $R/record-plain.log
echo "record at ${SECONDS}s"; pack
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } > $R/test.log
{ timeout 90 $D/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; timeout 120 $D/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; } >> $R/test.log
grep -E "test result|FAILED|passed|rc" $R/test.log; echo "tests at ${SECONDS}s"; pack
timeout 150 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
echo "sanitize at ${SECONDS}s"; pack
[ $H200 = 1 ] || exit 0
V=nvfp4_gemv_bm32_k1024_s4_w8_stream
diag() {  # name, seconds budget, then CLI arguments
  local n=$1 t=$2; shift 2
  [ $SECONDS -lt 480 ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout $t $D/nvfp4-gemv "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "$n at ${SECONDS}s"; pack
}
K="4096,7168,8;7168,16384,1;14336,7168,1;4096,14336,8"
for a in "0 2" "4 2" "8 2" "4 4" "8 4" "12 4" "0 4" "0 2"; do
  set -- $a; diag skew$1-pf$2-$SECONDS 45 --pdl --pdl-prefetch $2 --stream-k-skew $1 bench --replays 20 --shapes "$K" --variant $V
done
grep -hE "^nvfp4|skew" $R/skew*.log
E="1024,28672,8;2048,14336,8;4096,7168,8;8192,3584,8;4096,14336,8"
diag equal 90 --pdl bench --replays 20 --shapes "$E" --variant $V,nvfp4_gemv_bm32_k1024_s4_w8_tiled
grep -hE "^nvfp4" $R/equal.log
echo "=== done at ${SECONDS}s"
