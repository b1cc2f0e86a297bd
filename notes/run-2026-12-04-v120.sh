#!/usr/bin/env bash
# v120 (2026-12-04, eighteenth session): run v119 found cluster split sums 15-21% faster on
# small split grids but up to 46% slower on grids of about two blocks per SM (under --pdl).
# Is it where the cluster scheduler puts the blocks? The same shapes with each cluster
# scheduling policy preference (experiment build: NVFP4_CLUSTER_POLICY none = no attribute,
# 0 = default, 1 = spread, 2 = load balancing) against --cluster-splits off; plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/tests/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked|bit_for_bit"
T=$(mktemp -d)
one() { local name=$1; shift; timeout 120 $B "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="1024,28672,1;512,28672,1;256,20480,1;640,14336,1;1024,16384,1;2048,28672,1;128,16384,1;1536,28672,1;512,14336,1;256,12288,1;1024,10240,1"
for r in a b; do
  for p in none 0 1 2; do
    NVFP4_CLUSTER_POLICY=$p one plain-p$p-$r bench --shapes "$S"
    NVFP4_CLUSTER_POLICY=$p one pdl-p$p-$r --pdl bench --shapes "$S"
  done
  one plain-off-$r --cluster-splits off bench --shapes "$S"
  one pdl-off-$r --pdl --cluster-splits off bench --shapes "$S"
done
{ head -1 $T/plain-off-a.csv | sed 's/^/mode,cluster,round,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/policy.csv
echo "=== done"
