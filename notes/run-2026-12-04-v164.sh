#!/usr/bin/env bash
# v164 (2026-12-04, twenty-second session): the FP8 route in the TMA kernel (sm_90a), first run.
# 1. Every GPU test with NVFP4_REQUIRE_GPU=1 and 60 + 60 differential cases (plain, --pdl).
# 2. The five benchmark shapes, the previous commit's binary (50e6ff8, target/bundle-old: the
#    PTX of the table of record) and the new one alternating, plain and --pdl. Logs -> $OUT.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
{ echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|mismatch|error" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/test.log
{ echo "=== fuzz"; $NEW fuzz --cases 60 2>&1 | tail -2; $NEW --pdl fuzz --cases 60 2>&1 | tail -2; } | tee -a $OUT/test.log
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 old $OLD" "1 new $NEW" "2 new $NEW" "2 old $OLD"; do
    set -- $r
    t0=$(date +%s)
    timeout 150 $3 $P bench --csv $OUT/bench-$mode-$1-$2.csv > $OUT/bench-$mode-$1-$2.log 2>&1 || echo "FAILED $mode $1 $2"
    echo "$mode round $1 $2: $(( $(date +%s) - t0 )) s"
    grep -E "^\s*\(|^ *[0-9]+ *[0-9]+ *[0-9]+" $OUT/bench-$mode-$1-$2.log | head -8
  done
done
echo "=== done"
