#!/usr/bin/env bash
# v180 (2026-12-05, twenty-fourth session): the tiled layout of `a` and `sfa` (branch
# tiled-a: one cp.async.bulk per stage, the tiled twins `*_tiled`). Every GPU test with
# NVFP4_REQUIRE_GPU=1 (new: tiled twins against their row-major selves, bit for bit), 40 + 40
# differential cases (half of them tiled where K allows); the five shapes, automatic choice,
# rows / tiled / tiled / rows, plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=280 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -2; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -2; } | tee -a $OUT/r/test.log
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 rows" "1 tiled" "2 tiled" "2 rows"; do
    set -- $r
    timeout 60 $B $P --a-layout $2 bench --csv $OUT/r/bench-$mode-$1-$2.csv > $OUT/r/bench-$mode-$1-$2.log 2>&1 || echo "FAILED $mode $1 $2"
  done
  grep -h -E "^\(|kernel" $OUT/r/bench-$mode-*.log | head -3
  for f in $OUT/r/bench-$mode-*.csv; do echo "$f"; cut -d, -f4-7,10,15 $f | tail -5; done
done
tar -C $OUT -czf $OUT/v180.tgz r && rm -rf $OUT/r
echo "=== done"
