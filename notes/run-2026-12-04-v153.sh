#!/usr/bin/env bash
# v153 (2026-12-04, twenty-first session): do the benchmark shapes gain from a K split whose
# sums meet in clusters? The five benchmark shapes on the two entry points with cluster twins
# (bm16_k1024_s4_w8_p2, bm32_k1024_s4_p2) with 1, 2, 3 and 4 splits forced, and the automatic
# choice; both modes, one round. CSV with column `forced` (auto or the count) -> $OUT/{plain,pdl}.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
V=nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm32_k1024_s4_p2
for mode in plain pdl; do
  P=""; [ "$mode" = pdl ] && P="--pdl"
  echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
  for sp in auto 1 2 3 4; do
    t0=$(date +%s)
    if [ $sp = auto ]; then VA=auto; else VA=$V; fi
    timeout 150 $B $P bench --shapes bench --variant $VA --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
    tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
    echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
  done
done
echo "=== done"
