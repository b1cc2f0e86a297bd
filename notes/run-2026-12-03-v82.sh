#!/usr/bin/env bash
# v82 (2026-12-03, twelfth session): every entry point on the sweep and benchmark shapes, plain launches,
# then again under --pdl (second pass of v81): is choose_variant still the best per shape?
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for mode in plain pdl; do
  flag=""; [ $mode = pdl ] && flag="--pdl"
  date -u
  timeout 280 $B/nvfp4-gemv $flag bench --variant all --shapes all --replays 10 --csv $OUT/$mode-all-variants.csv \
    > $OUT/$mode-all-variants.txt 2> $OUT/$mode-all-variants-progress.txt
  echo "$mode rc $?"; grep -c "µs" $OUT/$mode-all-variants-progress.txt
done
date -u
