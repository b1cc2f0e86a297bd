#!/usr/bin/env bash
# v127 (2026-12-04, eighteenth session): clusters also for grids of at most one block per SM
# whose clusters fit two but not one block per SM, when each split covers at most 5120 of K
# (layout::CLUSTER_SHARED_SM_MAX_K; run v120's winners the fit rule refused). Previous commit
# (old: 053d1e0) against this build (new) and --cluster-splits off, plain and --pdl, two
# rounds, on run v120's shapes and shapes never measured; the GPU tests.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/tests/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked"
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1
T=$(mktemp -d)
one() { local name=$1; local bin=$2; shift 2; timeout 150 $bin "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="512,14336,1;640,14336,1;256,20480,1;512,28672,1;384,12288,1;320,16384,1;448,14336,1;576,12288,1;192,20480,1;640,20480,1;896,10240,1;512,20480,1;768,12288,1;256,28672,1"
for r in a b; do
  one plain-old-$r $O bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"; one plain-off-$r $B --cluster-splits off bench --shapes "$S"
  one pdl-old-$r $O --pdl bench --shapes "$S"; one pdl-new-$r $B --pdl bench --shapes "$S"; one pdl-off-$r $B --pdl --cluster-splits off bench --shapes "$S"
done
{ echo "mode,build,round,$(head -1 $T/plain-new-a.csv)"
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/shared-sm.csv
echo "=== done"
