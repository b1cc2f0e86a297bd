#!/usr/bin/env bash
# v144 (2026-12-04, twentieth session): what the final rules (3f17341) leave: the shapes of runs
# v136 and v137 with every split count 1-8 forced, and auto; one round; mode as $1
# (plain|pdl); CSV with column `forced` -> $OUT/$1.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
mode=$1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="128,4096,1;256,4096,1;512,4096,1;1024,4096,1"
for k in 6144 8192 12288 16384 20480 28672; do for m in 128 256 512 1024; do S="$S;$m,$k,1"; done; done
for k in 8192 12288 16384; do for m in 1152 1280 1408 1536 1664 1792 2048; do S="$S;$m,$k,1"; done; done
S="$S;1152,20480,1;1536,20480,1;2048,20480,1;2048,28672,1"
for m in 640 768; do for k in 16384 20480 28672; do S="$S;$m,$k,1"; done; done
for k in 7168 10240 14336; do for m in 64 128 256; do S="$S;$m,$k,1"; done; done
for k in 6144 20480 28672; do S="$S;64,$k,1"; done
P=""; [ "$mode" = pdl ] && P="--pdl"
echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
for sp in auto 1 2 3 4 5 6 7 8; do
  t0=$(date +%s)
  timeout 100 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
  tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
  echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
done
echo "=== done"
