#!/usr/bin/env bash
# v137 (2026-12-04, twentieth session): every split count 1-8 forced, and auto, on
#  A: grids of more than half a block per SM (M 1152-2048, 72-128 blocks of 16 rows) at
#     K 8192, 12288, 16384 (where the clustered rule leaves them unsplit or at `twice`), and
#  B: tiny grids (M 64, 128, 256) at K 6144-28672, where the rule asks for 3, 5, 6 or 7
#     splits and a larger cluster with empty splits may be faster (run v136: 7 -> 8).
# One round; mode given as $1 (plain|pdl); CSV with column `forced` -> $OUT/$1.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
mode=$1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=""
for k in 8192 12288 16384; do for m in 1152 1280 1408 1536 1664 1792 2048; do S="$S;$m,$k,1"; done; done
for k in 6144 7168 10240 14336 20480 28672; do for m in 64 128 256; do S="$S;$m,$k,1"; done; done
S="${S#;}"
P=""; [ "$mode" = pdl ] && P="--pdl"
echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
for sp in auto 1 2 3 4 5 6 7 8; do
  t0=$(date +%s)
  timeout 100 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
  tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
  echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
done
echo "=== done"
