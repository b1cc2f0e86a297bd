#!/usr/bin/env bash
# v97 (2026-12-03, fourteenth session): the sm_100a arithmetic on the H200. The bundle embeds
# the test build sm_90a-emulated-sm100 (the sm_100a source for sm_90a, `cvt.rn.f16x2.e2m1x2`
# in software). Every GPU test (the new emulated_sm100_* tests among them, the full log kept),
# 100 + 60 differential cases on the emulated build (plain, --pdl), the four compute-sanitizer
# tools on its sanitize-cases with plain and --pdl launches.
set -u
B=target/bundle/bin
E="--build sm_90a-emulated-sm100"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked|SKIPPED" $OUT/tests.txt
grep -E "^test emulated|PTX build|of 16 failed" $OUT/tests.txt | head -20
echo "=== fuzz, emulated sm_100a arithmetic"; $B/nvfp4-gemv $E fuzz --cases 100 > $OUT/fuzz.txt 2>&1; echo "rc $?"; head -2 $OUT/fuzz.txt; tail -2 $OUT/fuzz.txt
echo "=== fuzz, emulated, --pdl"; $B/nvfp4-gemv $E --pdl fuzz --cases 60 > $OUT/fuzz-pdl.txt 2>&1; echo "rc $?"; tail -2 $OUT/fuzz-pdl.txt
echo "=== sanitizers, emulated"; timeout 400 target/bundle/run.sh sanitize $E > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAILED|RACECHECK SUMMARY|PTX build" $OUT/sanitize.txt | head -40
