#!/usr/bin/env bash
# v81 (2026-12-03, twelfth session): every entry point under --pdl on the sweep shapes and the five
# benchmark shapes, to choose the entry point per launch mode (the --pdl anomaly of run v79).
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
date -u
timeout 540 $B/nvfp4-gemv --pdl bench --variant all --shapes all --replays 10 --csv $OUT/pdl-all-variants.csv \
  > $OUT/pdl-all-variants.txt 2> $OUT/pdl-all-variants-progress.txt
echo "rc $?"; date -u
grep -c "µs" $OUT/pdl-all-variants-progress.txt
