#!/usr/bin/env bash
# v191 (2026-12-05, twenty-sixth session): the PDL rule for the persistent twin
# (kernel::layout::pdl_persistent_choice). Every GPU test with NVFP4_REQUIRE_GPU=1, 40 + 40
# differential cases; held-out PDL shapes (never used for the rule): new automatic choice,
# the row-major bm16_k512_s4_p2 the old rule picked, and the persistent twin forced, two
# rounds in opposite orders; the five shapes with --pdl; the four sanitizers (plain and
# --pdl, sanitize-cases now with a persistent case); the five shapes plain.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
S="14336,2048,2;3584,2048,8;2048,2048,16;20480,2048,1;5120,3072,6;10240,2560,2;12288,2048,2;8192,3072,3;8192,2048,5;12288,3072,3"
V1="auto,nvfp4_gemv_bm16_k512_s4_p2,nvfp4_gemv_bm16_k512_s4_persist"
V2="nvfp4_gemv_bm16_k512_s4_persist,nvfp4_gemv_bm16_k512_s4_p2,auto"
for r in "1 $V1" "2 $V2"; do
  set -- $r
  timeout 200 $B --pdl bench --replays 20 --shapes "$S" --variant "$2" --csv $OUT/r/heldout-$1.csv > $OUT/r/heldout-$1.log 2>&1 || echo "FAILED heldout $1"
  echo "heldout $1 at ${SECONDS}s"
done
timeout 100 $B --pdl bench --csv $OUT/r/record-pdl.csv --svg $OUT/r/record-pdl.svg > $OUT/r/record-pdl.log 2>&1
timeout 200 target/bundle/run.sh sanitize > $OUT/r/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/r/sanitize.log | tee -a $OUT/r/test.log; echo "sanitize at ${SECONDS}s"
timeout 100 $B bench --csv $OUT/r/record-plain.csv --svg $OUT/r/record-plain.svg > $OUT/r/record-plain.log 2>&1
cat $OUT/r/record-pdl.log $OUT/r/record-plain.log | grep -E "^nvfp4|ceiling"
tar -C $OUT -czf $OUT/v191.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
