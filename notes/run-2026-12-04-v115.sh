#!/usr/bin/env bash
# v115 (2026-12-04, seventeenth session): the K split rule of run v113 where it extrapolates
# past run v112's measurements: eight splits of 32-block grids (K tiles that divide by eight),
# three of 80 blocks, seven and ten of 16- and 24-block grids, four of 56 and 64 blocks at K =
# 12288 and 16384. The chosen entry point at --splits 1..8 and automatic, plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
S="512,24576,1;512,32768,1;256,20480,1;1024,16384,1;640,14336,1;384,28672,1;1280,24576,1;896,12288,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for s in 1 2 3 4 5 6 7 8 10 auto; do
    timeout 100 $B $P bench --shapes "$S" --splits $s --replays 30 --csv $T/$mode-$s.csv > /dev/null 2>&1 || echo "FAILED $mode $s"
  done
  { head -1 $T/$mode-1.csv | sed 's/^/asked,/'; for s in 1 2 3 4 5 6 7 8 10 auto; do tail -n +2 $T/$mode-$s.csv | sed "s/^/$s,/"; done; } > $OUT/splits-$mode.csv
done
echo "=== done"
