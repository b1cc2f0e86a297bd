#!/usr/bin/env bash
# v206 (thirty-second session): main with the --pdl rule's new band (32 rows of 8 consumer
# warps from 3 to 8 row tiles per SM, K >= 4096) on whichever card comes. Every GPU test and
# 40 + 40 differential cases; on an H200 also the five-shape table (its picks are unchanged)
# first and the four sanitizers. Then the band check: the automatic choice (now
# bm32_k1024_s4_w8, tiled from K = 14336) against the rule's old pick (bm16_k1024_s4_w8_p2)
# and the tiled twin, on run v205's twelve held-out shapes and five sweep shapes of the band,
# two rounds of 20 replays. On an H200, if time is left, main against main at ba5482f
# (bin/nvfp4-gemv-old) as run v201 did, one round per mode. Results re-packed into $OUT after
# every step.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v206/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v206 -czf $OUT/v206.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
h200=0; grep -q H200 $R/device.txt && h200=1
if [ $h200 = 1 ]; then
  timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
  timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
  grep -hE "^nvfp4|ceiling" $R/record-pdl.log $R/record-plain.log
  pack
fi
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
{ timeout 60 $D/nvfp4-gemv fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 40 2>&1 | tail -1; } | tee -a $R/test.log
pack
if [ $h200 = 1 ]; then
  timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
  pack
fi
H="2048,10240,4;4096,10240,2;8192,5120,1;8192,12288,1;10240,10240,1;12288,6144,1;6144,8192,2;3072,20480,4;1536,24576,8;16384,4096,1;2048,12288,8;2560,9216,8;1024,7168,8;1024,14336,8;10240,8192,1;14336,14336,1;14336,28672,1"
V="auto,nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
for r in 1 2; do
  timeout 200 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "$H" --variant "$V" --csv $R/band-pdl-$r.csv > $R/band-pdl-$r.log 2>&1 || echo "FAILED band round $r"
  echo "band round $r at ${SECONDS}s"
  pack
done
if [ $h200 = 1 ] && [ $SECONDS -lt 420 ]; then
  S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
  V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
  for m in pdl plain; do
    f=; [ $m = pdl ] && f=--pdl
    timeout 60 $D/nvfp4-gemv $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$m-A-1.csv > $R/$m-A-1.log 2>&1 || echo "FAILED $m A"
    timeout 60 $D/nvfp4-gemv-old $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$m-O-1.csv > $R/$m-O-1.log 2>&1 || echo "FAILED $m O"
    echo "$m A/O at ${SECONDS}s"
    pack
  done
fi
echo "=== done at ${SECONDS}s"
