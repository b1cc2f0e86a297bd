#!/usr/bin/env bash
# v121 (2026-12-04, eighteenth session): cluster split sums with the load-balancing policy,
# only where Gpu::clusters_fit says the clusters fit as thinly as the blocks would without them
# (run v120's losses). The automatic split's shapes (v119/v120) and more, rule against
# --cluster-splits off, plain and --pdl, two rounds; then forced splits at K below SPLIT_MIN_K
# (does a cheaper split pay there?); every GPU test.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
T=$(mktemp -d)
one() { local name=$1; shift; timeout 150 $B "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="1024,28672,1;512,28672,1;256,20480,1;640,14336,1;1024,16384,1;2048,28672,1;128,16384,1;1536,28672,1;512,14336,1;256,12288,1;1024,10240,1;64,28672,1;384,18432,1;768,24576,1;1280,20480,1;1024,14336,2;256,16384,4;32,20480,1"
for r in a b; do
  one plain-on-$r bench --shapes "$S"
  one plain-off-$r --cluster-splits off bench --shapes "$S"
  one pdl-on-$r --pdl bench --shapes "$S"
  one pdl-off-$r --pdl --cluster-splits off bench --shapes "$S"
done
K="1024,4096,1;1024,7168,1;2048,7168,1;512,8192,1;1024,8192,1;256,4096,1;512,6144,1;2048,10240,1"
for sp in off 2 3 4; do
  one kplain-s$sp-a bench --shapes "$K" --splits $sp
  one kpdl-s$sp-a --pdl bench --shapes "$K" --splits $sp
done
{ head -1 $T/plain-on-a.csv | sed 's/^/mode,cluster,round,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/rule.csv
grep -E "ceiling" $T/plain-on-a.log
echo "=== done"
