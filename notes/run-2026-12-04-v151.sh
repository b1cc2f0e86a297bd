#!/usr/bin/env bash
# v151 (2026-12-04, twenty-first session): five or six clustered splits launched as eight
# (CLUSTER_PAD_SMALL_FROM) where the grid's clusters of eight take at most half the SMs' share,
# against the previous commit's binary (44a15b0, target/bundle-old). Round 1: old and new over
# 32 small-M shapes, plain and --pdl. Rounds 2 (new first) and 3 (old first): the shapes whose
# automatic split changed. CSVs with columns round,binary -> $OUT/{plain,pdl}.csv.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S=""
for k in 3072 5120 6144 9216 10240 11264 12288 17408 18432; do for m in 16 64 128; do S="$S;$m,$k,1"; done; done
S="${S#;};64,10240,2;32,12288,4;64,6144,2;256,10240,1;128,7168,1"
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
  C=$(awk -F, '$1==1 {key=$8","$9","$10; v=$6" "$7" "$23; if ($2=="old") o[key]=v; else n[key]=v}
       END {for (k in n) if (o[k] != n[k]) printf "%s;", k}' $OUT/$mode.csv)
  C="${C%;}"
  echo "$mode changed: $C"
  [ -n "$C" ] && { run 2 new $NEW $mode "$C"; run 2 old $OLD $mode "$C"; run 3 old $OLD $mode "$C"; run 3 new $NEW $mode "$C"; }
done
echo "=== done"
