#!/usr/bin/env bash
# v124 (2026-12-04, eighteenth session): where run v123's 1.5% on unsplit grids comes from.
# Timing-only builds (unsplit shapes only; their split paths are broken on purpose):
# x1 = this session's code without the block-start cluster arrival (`cluster_block_started`),
# x2 = this session's code launched without the cluster-sums shared memory (the carve unchanged).
# Against old (167624f) and new, alternating, plain and --pdl, two rounds.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
one() { local name=$1; local bin=$2; shift 2; timeout 150 $bin "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="7168,16384,1;4096,7168,1;7168,2048,1;7168,2048,4;4096,14336,1;2048,4096,1"
for r in a b; do
  for v in old new x1 x2; do
    case $v in old) b=target/bundle-old/bin/nvfp4-gemv;; new) b=target/bundle/bin/nvfp4-gemv;; x1) b=target/bx1/nvfp4-gemv;; x2) b=target/bx2/nvfp4-gemv;; esac
    one plain-$v-$r $b bench --shapes "$S"
    one pdl-$v-$r $b --pdl bench --shapes "$S"
  done
done
{ echo "mode,build,round,$(head -1 $T/plain-old-a.csv)"
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/cause.csv
echo "=== done"
