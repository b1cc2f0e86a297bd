#!/usr/bin/env bash
# v61 (2026-12-03, ninth session): the bench's new rotation rule (the scales of the rotated sets alone exceed
# twice the L2 too): the hinted build (nvfp4-gemv here; not kept) and 29185a1's kernel with the same host
# (nvfp4-gemv-base: byte-identical to the final commit's CLI), plain and --pdl; the hinted build's GPU tests and sweep.
B=target/bundle/bin
{
echo "=== final plain"; timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/final.csv --json $OUT/final.json --svg $OUT/final.svg 2>&1 | grep -vE "^  auto"
echo "=== final --pdl"; timeout 100 $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/pdl.csv --svg $OUT/pdl.svg 2>&1 | grep -vE "^  auto"
echo "=== base plain"; timeout 100 $B/nvfp4-gemv-base bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== base --pdl"; timeout 100 $B/nvfp4-gemv-base --pdl bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== tests"; target/bundle/run.sh test 2>&1 | grep -E "^=== |test result|FAILED|panicked|error"; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== sweep"; timeout 120 $B/nvfp4-gemv bench --shapes sweep --replays 30 --csv $OUT/sweep.csv 2>&1 | grep -E "^nvfp4|ceiling"
} 2>&1 | tee $OUT/log.txt
