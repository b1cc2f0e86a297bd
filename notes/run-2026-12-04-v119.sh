#!/usr/bin/env bash
# v119 (2026-12-04, eighteenth session): K splits add their sums in a thread block cluster
# through distributed shared memory (kernel::gemv::store_block_rows, --cluster-splits on, the
# new default) instead of a global workspace, a fence and an atomic ticket (--cluster-splits off,
# the old path). Smoke check first, then every GPU test and fuzz, then the automatic split's
# shapes with clusters on and off, plain and --pdl, two alternating rounds.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== smoke"
$B check 100,12288,1 2>&1 | tail -1
$B --cluster-splits off check 100,12288,1 2>&1 | tail -1
$B check 256,20480,1 --dist full 2>&1 | tail -1
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
T=$(mktemp -d)
one() { local name=$1; shift; timeout 120 $B "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="1024,28672,1;512,28672,1;256,20480,1;640,14336,1;1024,16384,1;2048,28672,1;128,16384,1;1536,28672,1;512,14336,1;256,12288,1;1024,10240,1"
for r in a b; do
  one plain-on-$r bench --shapes "$S"
  one plain-off-$r --cluster-splits off bench --shapes "$S"
  one pdl-on-$r --pdl bench --shapes "$S"
  one pdl-off-$r --pdl --cluster-splits off bench --shapes "$S"
done
{ head -1 $T/plain-on-a.csv | sed 's/^/mode,cluster,round,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/ab.csv
cat $T/plain-on-a.log | grep -E "ceiling|nvfp4_gemv"
echo "=== done"
