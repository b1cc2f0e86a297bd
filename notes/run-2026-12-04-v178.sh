#!/usr/bin/env bash
# v178 (2026-12-04, twenty-third session): the sweep with --pdl, the final bundle (09797f3's
# kernel, run v177) against the previous one (3cbe428), new/old/old/new.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
mkdir -p $OUT/r
for r in "1 new $NEW" "1 old $OLD" "2 old $OLD" "2 new $NEW"; do
  set -- $r
  timeout 140 $3 --pdl bench --shapes sweep --csv $OUT/r/sweep-pdl-$1-$2.csv > $OUT/r/sweep-pdl-$1-$2.log 2>&1 || echo "FAILED sweep $1 $2"
done
tar -C $OUT -czf $OUT/v178.tgz r && rm -rf $OUT/r
echo "=== done"
