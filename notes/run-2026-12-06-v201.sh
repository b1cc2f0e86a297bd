#!/usr/bin/env bash
# v201 (prepared in the thirtieth session; ran on an H100 in the thirty-first): main's kernel (`b_full`, form "A") on
# an H200. Needs a bundle of main (`cargo xtask bundle`) with main at ba5482f's CLI binary
# added as bin/nvfp4-gemv-old (see notes/NEXT.md's workflow). Every GPU test, 40 + 40
# differential cases and the four sanitizers; the five shapes (the table); main against
# ba5482f on seven shapes, --pdl and plain, two rounds in opposite orders; then NEXT.md's item
# 2 (`bm16_k512_s4_p2` at short K where the --pdl rule picks it) and item 3 (the --pdl sweep of
# the eight-warp 32-row tiles against the rule). Results re-packed into $OUT after every step.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v201/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v201 -czf $OUT/v201.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
{ timeout 60 $D/nvfp4-gemv fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 40 2>&1 | tail -1; } | tee -a $R/test.log
timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
pack
timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
cat $R/record-pdl.log $R/record-plain.log | grep -E "^nvfp4|ceiling"
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm16_k512_s4_p2"
step() {  # mode binary round [shapes] [variants]
  if [ $2 = A ]; then bin=$D/nvfp4-gemv; else bin=$D/nvfp4-gemv-old; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "${4:-$S}" --variant "${5:-$V}" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$1 $2 $3 at ${SECONDS}s"
  pack
}
step pdl A 1; step pdl O 1; step plain A 1; step plain O 1
step pdl O 2; step pdl A 2; step plain O 2; step plain A 2
# Item 2: the short-K shapes where the --pdl rule picks bm16_k512_s4_p2.
SK="14336,2048,8;28672,2048,8;28672,3072,4;14336,3072,8"
step pdl A sk1 "$SK" auto; step pdl O sk1 "$SK" auto; step pdl O sk2 "$SK" auto; step pdl A sk2 "$SK" auto
# Item 3: the eight-warp 32-row tiles against the rule (only if the run is under 330 s so far, so that
# the whole run stays within a 560 s call on the H200).
[ $SECONDS -lt 330 ] && timeout 150 $D/nvfp4-gemv --pdl bench --replays 10 --shapes sweep --variant auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/sweep-pdl.csv > $R/sweep-pdl.log 2>&1
pack
echo "=== done at ${SECONDS}s"
