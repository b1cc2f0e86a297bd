#!/usr/bin/env bash
# v148 (2026-12-04, twenty-first session): half-full grids (more than half a block per SM,
# fewer blocks than SMs) below K = 8192, where the automatic split leaves them unsplit: every
# split count 1-4 forced, and auto; both modes, one round each; CSV with column `forced` ->
# $OUT/{plain,pdl}.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=""
for k in 3072 4096 5120 6144 7168; do for m in 1088 1152 1280 1408 1536 1792 2048; do S="$S;$m,$k,1"; done; done
S="${S#;};512,7168,4;256,7168,8;512,4096,4;384,6144,4"
for mode in plain pdl; do
  P=""; [ "$mode" = pdl ] && P="--pdl"
  echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
  for sp in auto 1 2 3 4; do
    t0=$(date +%s)
    timeout 120 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
    tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
    echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
  done
done
echo "=== done"
