#!/usr/bin/env bash
# v133 (2026-12-04, nineteenth session): what the clustered split rule of e18a32b leaves.
# Every split count 1-8 forced (cluster sums wherever they fit, else the global path: the
# CSV's split_reduce column says which), and auto, on (a) grids of more than half a block per
# SM below K = 20480 (left unsplit by SPLIT_MIN_K_HALF_FULL) and (b) grids whose rule count
# does not fit in clusters (the global path), in one launch mode per call (plain | pdl).
set -u
MODE=${1:-plain}; B=target/bundle/bin/nvfp4-gemv
P=""; [ "$MODE" = pdl ] && P="--pdl"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
S=""
for m in 1152 1536 2048; do for k in 8192 12288 16384 20480; do S="$S;$m,$k,1"; done; done
for m in 512 640 768 1024; do for k in 16384 20480 28672; do S="$S;$m,$k,1"; done; done
S=${S#;}
for sp in auto 1 2 3 4 5 6 8; do
  t0=$(date +%s)
  timeout 280 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv $OUT/$MODE-$sp.csv > $T/$sp.log 2>&1 || { echo "FAILED $sp"; tail -3 $T/$sp.log; }
  echo "splits $sp: $(( $(date +%s) - t0 )) s"
done
grep -h "ceiling" $T/*.log | sort | uniq -c
echo "=== done"
