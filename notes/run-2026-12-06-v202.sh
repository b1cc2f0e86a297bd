#!/usr/bin/env bash
# v202 (thirty-first session): the FP8 route's consumers release a stage once they have read it
# into registers ("E", branch early-release) against main (A) on whichever card comes. Bundle
# of the branch (`cargo xtask bundle`) with main's CLI added as bin/nvfp4-gemv-main. Every GPU
# test of E, 40 + 40 differential cases, the four sanitizers; then E against A on seven shapes,
# --pdl and plain, two rounds in opposite orders; on an H200 also E's table. Results re-packed
# into $OUT after every step.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v202/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v202 -czf $OUT/v202.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
{ timeout 60 $D/nvfp4-gemv fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 40 2>&1 | tail -1; } | tee -a $R/test.log
timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm32_k1024_s4_w8_p2"
step() {  # mode binary round
  if [ $2 = E ]; then bin=$D/nvfp4-gemv; else bin=$D/nvfp4-gemv-main; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$1 $2 $3 at ${SECONDS}s"
  pack
}
step pdl E 1; step pdl A 1; step plain E 1; step plain A 1
step pdl A 2; step pdl E 2; step plain A 2; step plain E 2
if grep -q H200 $R/device.txt && [ $SECONDS -lt 380 ]; then
  timeout 50 $D/nvfp4-gemv-main --pdl bench --csv $R/record-A-pdl.csv --svg $R/record-A-pdl.svg > $R/record-A-pdl.log 2>&1
  timeout 50 $D/nvfp4-gemv-main bench --csv $R/record-A-plain.csv --svg $R/record-A-plain.svg > $R/record-A-plain.log 2>&1
  grep -hE "^nvfp4|ceiling" $R/record-A-*.log
  pack
fi
echo "=== done at ${SECONDS}s"
