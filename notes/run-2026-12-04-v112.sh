#!/usr/bin/env bash
# v112 (2026-12-04, seventeenth session): runs v110 and v111 found the automatic K split
# (any grid of fewer blocks than SMs, ceil(SMs / blocks) splits) loses wherever the grid
# already has more than half a block per SM and a block's share of `a` is small:
# bm16_k1024_s4_w8_p2 on (2048,7168,1) 6.02 us unsplit against 7.17 in two (plain), 4.71
# against 6.30 (--pdl). Two questions left: (A) for grids of half a block per SM or fewer,
# how many splits, and where K is long, whether two splits win over one at more than half a
# block per SM: the chosen entry point at --splits 1..6, plain and --pdl; (B) whether
# bm32_k1024_s4_w8 unsplit also wins under --pdl at the low end of 16-row grids of one to two
# tiles per SM (32-row grids just over half a block per SM): every entry point, splits off.
set -u
B=target/bundle/bin/nvfp4-gemv
SA="1024,4096,1;1024,7168,1;1024,10240,1;1024,14336,1;1024,20480,1;1024,28672,1;512,7168,1;512,14336,1;512,28672,1;768,14336,1;2048,24576,1;2048,28672,1;1536,28672,1;256,28672,8;4096,24576,1"
SB="2176,7168,1;2304,7168,1;2304,14336,1;2176,4096,1;2432,10240,1;4224,4096,1;4224,10240,1;4224,20480,1;2816,7168,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
run() { local name=$1; shift; echo "=== $name"; timeout 120 $B "$@" --csv $T/$name.csv 2>&1 | grep -E "ceiling|FAIL|error"; }
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for s in 1 2 3 4 5 6; do run $mode-s$s $P bench --shapes "$SA" --splits $s --replays 30; done
  head -1 $T/$mode-s1.csv > $OUT/splits-$mode.csv
  for s in 1 2 3 4 5 6; do tail -n +2 $T/$mode-s$s.csv >> $OUT/splits-$mode.csv; done
  run $mode-auto $P bench --shapes "$SA" --replays 30; cp $T/$mode-auto.csv $OUT/splits-$mode-auto.csv
done
timeout 120 $B --pdl bench --shapes "$SB" --variant all --splits off --replays 30 --csv $OUT/band-pdl-off.csv 2>&1 | grep -E "ceiling|FAIL|error"
echo "=== done"
