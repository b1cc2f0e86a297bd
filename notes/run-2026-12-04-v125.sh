#!/usr/bin/env bash
# v125 (2026-12-04, eighteenth session): the cluster path selected by a launch flag
# (launch_flags::CLUSTER_SPLITS) instead of reading %cluster_nctarank in every block (run
# v124: the block-start read alone cost unsplit grids 0.6-0.8%, the whole change 1.5-2.1%).
# Same run, alternating: the previous commit's binary (old) and this build (new) on unsplit
# shapes, plain and --pdl, three rounds; the GPU tests of this build.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/tests/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked"
T=$(mktemp -d)
one() { local name=$1; local bin=$2; shift 2; timeout 150 $bin "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;4096,14336,1;2048,4096,1;14336,7168,1"
for r in a b c; do
  for v in old new; do
    case $v in old) b=target/bundle-old/bin/nvfp4-gemv;; new) b=target/bundle/bin/nvfp4-gemv;; esac
    one plain-$v-$r $b bench --shapes "$S"
    one pdl-$v-$r $b --pdl bench --shapes "$S"
  done
done
{ echo "mode,build,round,$(head -1 $T/plain-old-a.csv)"
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/flag.csv
echo "=== done"
