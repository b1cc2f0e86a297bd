#!/usr/bin/env bash
# v122 (2026-12-04, eighteenth session): the final bundle. Cluster split sums where they fit
# (Gpu::split_plan: the cluster rule's splits from K = SPLIT_MIN_K_CLUSTER = 6144, else the
# global rule's), load-balancing cluster policy. Every GPU test, fuzz, the four sanitizers;
# the rule against --cluster-splits off on run v121's shapes, the short-K shapes and shapes
# never measured before, plain and --pdl, two rounds; the table of record (benchmark shapes,
# unsplit, so only the kernel's new code paths matter there) plain and --pdl; the sweep.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== sanitize"; target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/sanitize.txt
T=$(mktemp -d)
one() { local name=$1; shift; timeout 150 $B "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="1024,28672,1;512,28672,1;256,20480,1;640,14336,1;1024,16384,1;2048,28672,1;128,16384,1;1536,28672,1;512,14336,1;256,12288,1;1024,10240,1;1280,20480,1;256,16384,4;1024,7168,1;512,8192,1;1024,8192,1;512,6144,1;768,6144,1;384,8192,1;896,7168,1;640,9216,1;512,7168,2;256,6144,2;1536,9216,1;128,6144,1"
for r in a b; do
  one plain-on-$r bench --shapes "$S"
  one plain-off-$r --cluster-splits off bench --shapes "$S"
  one pdl-on-$r --pdl bench --shapes "$S"
  one pdl-off-$r --pdl --cluster-splits off bench --shapes "$S"
done
one record-plain-a bench --shapes bench
one record-pdl-a --pdl bench --shapes bench
one sweep-plain-a bench --shapes sweep
{ head -1 $T/plain-on-a.csv | sed 's/^/mode,cluster,round,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/final.csv
for f in record-plain-a record-pdl-a; do echo "=== $f"; grep -E "ceiling|launches|nvfp4_gemv" $T/$f.log; done
echo "=== done"
