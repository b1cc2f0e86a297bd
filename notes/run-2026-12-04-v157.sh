#!/usr/bin/env bash
# v157 (2026-12-04, twenty-first session): the clustered split takes all the splits K allows
# (at most a cluster's) even where they do not divide the tiles evenly, if that leaves each
# block at most two thirds of the tiles `once` would (run v156 tried "where that is at least
# twice `once`": 21 of 24 faster, but three plain ones 3-6% slower, where the busiest block
# kept 4/5 of its tiles). Against the previous commit's binary (76f7080, target/bundle-old).
# Round 1: old and new over 20 shapes (the classes the rule moves, and the three v156 losers
# and two more 4/5 cases it no longer moves), plain and --pdl. Rounds 2 (new first) and 3
# (old first): the shapes whose automatic split changed. CSVs -> $OUT/{plain,pdl}.csv.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
SP="768,10240,1;720,11264,1;832,11264,1;544,13312,1;640,13312,1;704,13312,1;576,14336,1;704,14336,1;576,15360,1;896,17408,1;768,21504,1;592,25600,1;544,29696,1"
SN="768,9216,1;720,9216,1;576,13312,1;448,17408,1;384,21504,1;304,25600,1;272,29696,1"
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
  [ -n "$C" ] && { run 2 new $NEW $mode "$C"; run 2 old $OLD $mode "$C"; run 3 old $OLD $mode "$C"; run 3 new $NEW $mode "$C"; }
done
echo "=== done"
