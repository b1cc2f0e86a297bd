#!/usr/bin/env bash
# v176 (2026-12-04, twenty-third session): as v175, the early issue only in the tiles with four
# consumer warps (`early_issue`). v175: the producer warp set up the barriers and requested
# the first tiles before the block's first barrier (the FP8 route's B-tile clear then overlaps
# the copies). Every GPU test with NVFP4_REQUIRE_GPU=1, 60 + 60 differential cases, the four
# sanitizers (plain and --pdl); every TMA entry point on the five shapes (new, old); the five
# shapes old/new/new/old plain and --pdl; the new binary's table (plain and --pdl); the sweep
# (plain) new and old.
# Old: 3cbe428 (71ceb82's kernel).
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
mkdir -p $OUT/r
{ echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; $NEW fuzz --cases 60 2>&1 | tail -1; $NEW --pdl fuzz --cases 60 2>&1 | tail -1; } | tee -a $OUT/r/test.log
{ target/bundle/run.sh sanitize 2>&1 | grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED|pass|FAIL"; echo "run.sh sanitize rc ${PIPESTATUS[0]}"; } > $OUT/r/sanitize.log
grep -E "SUMMARY|rc|FAIL" $OUT/r/sanitize.log | sort | uniq -c
for v in new old; do
  B=$NEW; [ $v = old ] && B=$OLD
  timeout 200 $B bench --variant all --replays 20 --csv $OUT/r/variants-$v.csv > $OUT/r/variants-$v.log 2>&1 || echo "FAILED variants $v"
done
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 old $OLD" "1 new $NEW" "2 new $NEW" "2 old $OLD"; do
    set -- $r
    timeout 150 $3 $P bench --csv $OUT/r/bench-$mode-$1-$2.csv > $OUT/r/bench-$mode-$1-$2.log 2>&1 || echo "FAILED $mode $1 $2"
  done
  timeout 200 $NEW $P bench --csv $OUT/r/record-$mode.csv --json $OUT/r/record-$mode.json --svg $OUT/r/record-$mode.svg > $OUT/r/record-$mode.log 2>&1 || echo "FAILED record $mode"
  tail -7 $OUT/r/record-$mode.log
done
for v in new old; do
  B=$NEW; [ $v = old ] && B=$OLD
  timeout 150 $B bench --shapes sweep --csv $OUT/r/sweep-plain-$v.csv --svg $OUT/r/sweep-plain-$v.svg > $OUT/r/sweep-plain-$v.log 2>&1 || echo "FAILED sweep $v"
done
tar -C $OUT -czf $OUT/v176.tgz r && rm -rf $OUT/r
echo "=== done"
