#!/usr/bin/env bash
# v188 (2026-12-05, twenty-fifth session): ALayout::Auto also tiles PDL uploads of
# bm32_k1024_s4_w8 from K = 14336 (branch pdl-tiled-long-k, host only, PTX unchanged). Every
# GPU test with NVFP4_REQUIRE_GPU=1, 40 + 40 differential cases; the five shapes with --pdl,
# default (auto) / --a-layout rows alternating.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
for r in "1 auto" "1 rows" "2 rows" "2 auto"; do
  set -- $r
  timeout 60 $B --pdl --a-layout $2 bench --csv $OUT/r/bench-pdl-$1-$2.csv > $OUT/r/bench-pdl-$1-$2.log 2>&1 || echo "FAILED pdl $1 $2"
  echo "pdl $1 $2 at ${SECONDS}s"
done
for f in $OUT/r/bench-*.log; do echo "$f"; grep -E "^nvfp4|ceiling|^device" $f; done
tar -C $OUT -czf $OUT/v188.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
