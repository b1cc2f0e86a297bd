#!/usr/bin/env bash
# v129 (2026-12-04, nineteenth session): refit the automatic K split on cluster sums.
# Every split count 1-8 forced (cluster sums wherever they fit, else the global path: the CSV's
# split_reduce column says which), and auto, on small-M shapes (grids of fewer blocks than
# SMs) from K = 4096 to 28672, in one launch mode per call (argument: plain | pdl).
set -u
MODE=${1:-plain}; B=target/bundle/bin/nvfp4-gemv
P=""; [ "$MODE" = pdl ] && P="--pdl"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
S="128,4096,1;256,4096,1;512,4096,1;1024,4096,1"
for k in 6144 8192 12288 16384 20480 28672; do for m in 128 256 512 1024; do S="$S;$m,$k,1"; done; done
S="$S;2048,8192,1;2048,16384,1;2048,28672,1"
for sp in auto 1 2 3 4 5 6 8; do
  t0=$(date +%s)
  timeout 280 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv $OUT/$MODE-$sp.csv > $T/$sp.log 2>&1 || { echo "FAILED $sp"; tail -3 $T/$sp.log; }
  echo "splits $sp: $(( $(date +%s) - t0 )) s"
done
grep -h "ceiling" $T/*.log | sort | uniq -c
echo "=== done"
