#!/usr/bin/env bash
# v211 (thirty-fourth session): one call on an H200 (on any other card, steps 1-3 only) with the bundle
# of the stream-K branch (the stream-K twin on main, chosen under --pdl by
# kernel::layout::pdl_stream_k_choice) and the CLI of main before it (30fcf14's bundle) as
# nvfp4-gemv-prev.xz:
#  1. the five-shape table of record (--pdl, then plain);
#  2. every GPU test, 60 + 120 differential cases (plain, --pdl; the --pdl ones draw the
#     stream-K twin wherever the rule gives it);
#  3. the four sanitizers, plain and --pdl (sanitize-cases has two stream-K cases);
#  4. the rules, before (prev) and after (new), --pdl: held-out shapes in and next to the
#     stream-K band, and shapes of 4.5 to 6 row tiles per SM that went back to 16 rows,
#     rounds in opposite orders while time is left; and the stream-K twin on 4.5 to 6.
# Build: cargo xtask build-ptx && cargo xtask bundle; rm -rf target/bundle/benches
# target/bundle/tests/host; strip target/bundle/bin/* target/bundle/tests/*; xz the previous
# bundle's bin/nvfp4-gemv into target/bundle/nvfp4-gemv-prev.xz. Carry ["target/bundle"].
set -u
H200=1; nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200 (correctness only):"; nvidia-smi -L; H200=0; }
D=$PWD/target/bundle/bin
R=/tmp/v211/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v211 -czf $OUT/v211.tgz r; }
xz -dc target/bundle/nvfp4-gemv-prev.xz > $D/nvfp4-gemv-prev && chmod +x $D/nvfp4-gemv-prev
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
S="4096,7168,8;14336,16384,1;12800,7168,1;16384,8192,1;11264,12288,1;2560,16384,4;10240,10240,1;12288,7168,1;28672,8192,1;4096,16384,6;32768,7168,1;36864,7168,1;3584,8192,4;10240,10240,2"
step() {
  [ $H200 = 1 ] || return
  [ $SECONDS -lt 150 ] || { echo "skip $*: ${SECONDS}s"; return; }
  timeout 80 $D/$1 --pdl bench --replays 20 --shapes "$S" --variant auto --csv $R/rule-$1-$2.csv > $R/rule-$1-$2.log 2>&1 || echo "FAILED $*"
  echo "rule $1 $2 at ${SECONDS}s"; pack
}
gap() {  # the stream-K twin on shapes of 4.5 to 6 row tiles per SM (the rule gives them 16 rows)
  [ $H200 = 1 ] && [ $SECONDS -lt 200 ] || return
  timeout 60 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "9856,16384,1;11264,12288,1;2560,16384,4;10240,10240,1;6144,8192,2" --variant auto,nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $R/gap.csv > $R/gap.log 2>&1 || echo "FAILED gap"
  echo "gap at ${SECONDS}s"; pack
}
step nvfp4-gemv-prev 1; step nvfp4-gemv 1; gap; step nvfp4-gemv 2; step nvfp4-gemv-prev 2
grep -hE "^nvfp4" $R/gap.log
grep -hE "^nvfp4|ceiling" $R/rule-*-1.log
echo "=== done at ${SECONDS}s"
