#!/usr/bin/env bash
# v149 (2026-12-04, twenty-first session): under PDL, where the clustered split's five to seven
# splits do not fit in clusters, the fallback tries every count from one fewer down to four
# (as tiled: splits_with_tiles) instead of four alone; against the previous commit's binary
# (93dc514, target/bundle-old). Round 1: old and new over 63 shapes whose candidate lists
# differ (--pdl only: plain launches are unchanged). Round 2 (new first): the shapes whose
# automatic split changed. Round 3 (old first): the same again.
# CSVs with columns round,binary -> $OUT/pdl.csv.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="144,13312,1;208,13312,1;256,13312,1;176,14336,1;240,14336,1"
for k in 17408 18432 21504 23552; do for m in 608 1024 1200 1408; do S="$S;$m,$k,1"; done; done
for k in 19456 20480 25600 26624 27648 28672; do for m in 272 448 640 832 1024 1152; do S="$S;$m,$k,1"; done; done
for k in 22528 24576; do for m in 1072 1216 1408; do S="$S;$m,$k,1"; done; done
H="round,binary,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce"
run() { # round binary-name binary mode shapes
  local P=""; [ "$4" = pdl ] && P="--pdl"
  t0=$(date +%s)
  timeout 200 $3 $P bench --shapes "$5" --splits auto --replays 30 --csv /tmp/r.csv > /tmp/r.log 2>&1 || { echo "FAILED $1 $2 $4"; tail -3 /tmp/r.log; }
  tail -n +2 /tmp/r.csv | sed "s/^/$1,$2,/" >> $OUT/$4.csv
  echo "$4 round $1 $2: $(( $(date +%s) - t0 )) s"
}
mode=pdl
echo "$H" > $OUT/$mode.csv
run 1 old $OLD $mode "$S"
run 1 new $NEW $mode "$S"
C=$(awk -F, '$1==1 {key=$8","$9","$10; v=$6" "$7" "$23; if ($2=="old") o[key]=v; else n[key]=v}
     END {for (k in n) if (o[k] != n[k]) printf "%s;", k}' $OUT/$mode.csv)
C="${C%;}"
echo "$mode changed: $C"
[ -n "$C" ] && { run 2 new $NEW $mode "$C"; run 2 old $OLD $mode "$C"; run 3 old $OLD $mode "$C"; run 3 new $NEW $mode "$C"; }
echo "=== done"
