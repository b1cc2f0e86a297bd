#!/usr/bin/env bash
# v78 (2026-12-03, eleventh session): the consumers are latency-bound (run v77: 3.6 warps per scheduler,
# 0.37 instructions issued per cycle, 9.9 cycles per instruction per warp). More independent work per warp:
# the IMMA chains of block_sums as four chains of two instead of two of four, two more IADD3 per sum
# (notes/experiment-2026-12-03-v78-imma-chains-of-two.patch; CLI nvfp4-gemv-ilp). A/B against the committed
# CLI, interleaved, every entry point on the benchmark shapes; then the candidate's fuzz.
set -u
B=target/bundle/bin
for r in old new old new; do
  if [ $r = old ]; then c=$B/nvfp4-gemv; else c=$B/nvfp4-gemv-ilp; fi
  echo "=== $r"; timeout 120 $c bench --replays 20 --variant all --csv $OUT/v78-$r-$RANDOM.csv 2>&1 | grep -E "^nvfp4" | awk '{print $1, $3, $5, $NF}'
done
echo "=== fuzz (candidate)"; timeout 120 $B/nvfp4-gemv-ilp fuzz --cases 100 --seed 78 2>&1 | tail -1
