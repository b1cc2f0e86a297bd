#!/usr/bin/env bash
# v156 (2026-12-04, twenty-first session): the clustered split takes all the splits K allows
# where that is at least twice `once` even if they do not divide the tiles evenly (run v155:
# (768,11264,1) under PDL 4.83 µs in the two of `once`, 4.26 in four), against the previous
# commit's binary (76f7080, target/bundle-old). Round 1: old and new over 24 shapes, the
# classes the change moves (M 272-896, K 9216-29696), plain and --pdl. Round 2 (new first):
# the shapes whose automatic split changed. CSVs with columns round,binary -> $OUT/{plain,pdl}.csv.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SP="768,10240,1;832,11264,1;720,11264,1;576,15360,1;544,15360,1;896,17408,1;848,17408,1;768,21504,1;720,21504,1;640,25600,1;592,25600,1;544,29696,1"
SN="576,13312,1;544,13312,1;448,17408,1;464,17408,1;384,21504,1;368,21504,1;320,25600,1;304,25600,1;272,29696,1;768,9216,1;832,9216,1;720,9216,1"
H="round,binary,device,driver,target,kernel,splits,m,k,l,bytes,time_us_median,time_us_min,time_us_max,gbps,ceiling_gbps,pct_of_ceiling,read_us_median,vs_read,max_abs_err,rel_norm_err,passed,split_reduce"
run() { # round binary-name binary mode shapes
  local P=""; [ "$4" = pdl ] && P="--pdl"
  t0=$(date +%s)
  timeout 200 $3 $P bench --shapes "$5" --splits auto --replays 30 --csv /tmp/r.csv > /tmp/r.log 2>&1 || { echo "FAILED $1 $2 $4"; tail -3 /tmp/r.log; }
  tail -n +2 /tmp/r.csv | sed "s/^/$1,$2,/" >> $OUT/$4.csv
  echo "$4 round $1 $2: $(( $(date +%s) - t0 )) s"
}
for mode in pdl plain; do
  if [ $mode = pdl ]; then S=$SP; else S=$SN; fi
  echo "$H" > $OUT/$mode.csv
  run 1 old $OLD $mode "$S"
  run 1 new $NEW $mode "$S"
  C=$(awk -F, '$1==1 {key=$8","$9","$10; v=$6" "$7" "$23; if ($2=="old") o[key]=v; else n[key]=v}
       END {for (k in n) if (o[k] != n[k]) printf "%s;", k}' $OUT/$mode.csv)
  C="${C%;}"
  echo "$mode changed: $C"
  [ -n "$C" ] && { run 2 new $NEW $mode "$C"; run 2 old $OLD $mode "$C"; }
done
echo "=== done"
