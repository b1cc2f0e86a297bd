#!/usr/bin/env bash
# v187 (2026-12-05, twenty-fifth session): the default layout of `a` becomes ALayout::Auto
# (tiled for plain launches of the automatic choice, rows under PDL; branch a-layout-auto,
# host only, PTX unchanged). Every GPU test with NVFP4_REQUIRE_GPU=1 (new:
# gemv_default_layout_tiles_plain_launches_only), 40 + 40 differential cases; the five shapes
# plain, default (auto) / --a-layout rows alternating, and --pdl default once; the held-out
# plain set of v182 both ways.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
for r in "1 auto" "1 rows" "2 rows" "2 auto"; do
  set -- $r
  timeout 60 $B --a-layout $2 bench --csv $OUT/r/bench-plain-$1-$2.csv > $OUT/r/bench-plain-$1-$2.log 2>&1 || echo "FAILED plain $1 $2"
  echo "plain $1 $2 at ${SECONDS}s"
done
timeout 60 $B --pdl bench --csv $OUT/r/bench-pdl-1-auto.csv > $OUT/r/bench-pdl-1-auto.log 2>&1 || echo "FAILED pdl"
echo "pdl at ${SECONDS}s"
for f in $OUT/r/bench-*.log; do echo "$f"; grep -E "^nvfp4|ceiling" $f; done
timeout 200 $B --a-layout both bench --shapes "1024,4096,1;2048,8192,1;8192,4096,1;12288,12288,1;3072,20480,1;2048,6144,8;6144,10240,4;16384,3072,2" --replays 20 --csv $OUT/r/heldout-plain-both.csv > $OUT/r/heldout.log 2>&1; echo "heldout rc $? at ${SECONDS}s"
grep -E "^nvfp4|ceiling" $OUT/r/heldout.log
tar -C $OUT -czf $OUT/v187.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
