#!/usr/bin/env bash
# v166 (2026-12-04, twenty-second session): the FP8 route's first kernel (as v164), every TMA
# entry point on the five benchmark shapes (plain), new binary then old, to see which tiles
# suit it (v165: the chosen bm32_k1024_s4_w8 fell from 2 blocks per SM to 1, 100 registers).
set -u
for v in new old; do
  B=target/bundle/bin/nvfp4-gemv; [ $v = old ] && B=target/bundle-old/bin/nvfp4-gemv
  t0=$(date +%s)
  timeout 280 $B bench --variant all --replays 20 --csv $OUT/variants-$v.csv > $OUT/variants-$v.log 2>&1 || echo "FAILED $v"
  echo "$v: $(( $(date +%s) - t0 )) s"
done
