#!/usr/bin/env bash
# v145 (2026-12-04, twentieth session): grids of more than half a block per SM split from
# K = 8192 where a count leaves at most two blocks per SM and fewer tiles on the busiest SM
# (kernel::layout::HALF_FULL_STRICT_MIN_K) against the previous commit's binary (6b313ba,
# target/bundle-old). Round 1: old and new over 28 shapes, plain and --pdl.
# Round 2 (new first): only the shapes whose automatic split changed.
# CSVs with columns round,binary -> $OUT/{plain,pdl}.csv.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=""
for k in 8192 9216 10240 11264; do
  for m in 1088 1152 1216 1280 1344 1408 1536; do S="$S;$m,$k,1"; done
done
S="${S#;}"
H="round,binary,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce"
run() { # round binary-name binary mode shapes
  local P=""; [ "$4" = pdl ] && P="--pdl"
  t0=$(date +%s)
  timeout 200 $3 $P bench --shapes "$5" --splits auto --replays 30 --csv /tmp/r.csv > /tmp/r.log 2>&1 || { echo "FAILED $1 $2 $4"; tail -3 /tmp/r.log; }
  tail -n +2 /tmp/r.csv | sed "s/^/$1,$2,/" >> $OUT/$4.csv
  echo "$4 round $1 $2: $(( $(date +%s) - t0 )) s"
}
for mode in plain pdl; do
  echo "$H" > $OUT/$mode.csv
  run 1 old $OLD $mode "$S"
  run 1 new $NEW $mode "$S"
  # Shapes whose (kernel, splits, split_reduce) differ between the two binaries.
  C=$(awk -F, '$1==1 {key=$8","$9","$10; v=$6" "$7" "$23; if ($2=="old") o[key]=v; else n[key]=v}
       END {for (k in n) if (o[k] != n[k]) printf "%s;", k}' $OUT/$mode.csv)
  C="${C%;}"
  echo "$mode changed: $C"
  [ -n "$C" ] && { run 2 new $NEW $mode "$C"; run 2 old $OLD $mode "$C"; }
done
echo "=== done"
