#!/usr/bin/env bash
# v203 (thirty-first session): the short form of v201 for what device time is left: main's
# bundle on an H200 only (exit 3 on any other card): every GPU test, 40 + 40 differential
# cases, the four sanitizers and the five-shape table in both launch modes.
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin
R=/tmp/v203/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v203 -czf $OUT/v203.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
grep -hE "^nvfp4|ceiling" $R/record-pdl.log $R/record-plain.log
pack
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $R/test.log
pack
{ timeout 60 $D/nvfp4-gemv fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 40 2>&1 | tail -1; } | tee -a $R/test.log
timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
pack
echo "=== done at ${SECONDS}s"
