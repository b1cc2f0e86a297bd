#!/usr/bin/env bash
# v155 (2026-12-04, twenty-first session): under PDL, grids of 40-64 blocks at K 10240-14336
# ((1024,12288,1) took four splits where three were 6% faster in run v144): every split count
# 2-8 forced, 1, and auto; --pdl only, one round; CSV with column `forced` -> $OUT/pdl.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=""
for k in 10240 11264 12288 13312 14336; do for m in 640 768 896 1024; do S="$S;$m,$k,1"; done; done
S="${S#;}"
mode=pdl
echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
for sp in auto 1 2 3 4 5 6 7 8; do
  t0=$(date +%s)
  timeout 100 $B --pdl bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
  tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
  echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
done
echo "=== done"
