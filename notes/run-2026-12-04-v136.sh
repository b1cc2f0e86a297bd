#!/usr/bin/env bash
# v136 (2026-12-04, nineteenth session): what the final clustered split rule (aa83b4a) leaves.
# Runs v129's and v133's shapes again with every split count 1, 2, 3, 4, 6, 8 forced and auto,
# plain and --pdl, one round; one CSV per mode (column `forced`), written to notes/ as
# bench-2026-12-04-v136-forced-splits-after-{plain,pdl}.csv.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="128,4096,1;256,4096,1;512,4096,1;1024,4096,1"
for k in 6144 8192 12288 16384 20480 28672; do for m in 128 256 512 1024; do S="$S;$m,$k,1"; done; done
S="$S;2048,8192,1;2048,16384,1;2048,28672,1"
for m in 1152 1536; do for k in 8192 12288 16384 20480; do S="$S;$m,$k,1"; done; done
for m in 640 768; do for k in 16384 20480 28672; do S="$S;$m,$k,1"; done; done
S="$S;2048,12288,1;2048,20480,1"
# (As run, the header line was missing: the `>>` redirection creates the file before the
# `-f` test; the CSVs in notes/ have it prepended. Fixed here: the header is written first.)
for mode in plain pdl; do
  P=""; [ "$mode" = pdl ] && P="--pdl"
  echo "forced,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce" > $OUT/$mode.csv
  for sp in auto 1 2 3 4 6 8; do
    t0=$(date +%s)
    timeout 100 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
    tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/" >> $OUT/$mode.csv
    echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
  done
done
echo "=== done"
