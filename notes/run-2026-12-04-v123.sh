#!/usr/bin/env bash
# v123 (2026-12-04, eighteenth session): run v122's table of record was up to 3% slower than
# run v113's ((4096,7168,1) plain 7.74 -> 7.97 µs), with a lower ceiling in that run (4480
# against 4563 GB/s). Same run, alternating: the previous commit's binary (167624f, old) and
# this session's (new) on the benchmark shapes and a few unsplit others, plain and --pdl, three
# rounds. Unsplit grids run the same pipeline in both; the new kernel adds a cluster-rank read
# at block start and 512-1024 bytes of shared memory per block.
set -u
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
T=$(mktemp -d)
one() { local name=$1; local bin=$2; shift 2; timeout 150 $bin "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;4096,14336,1;2048,4096,1;14336,7168,1"
for r in a b c; do
  one plain-old-$r target/bundle-old/bin/nvfp4-gemv bench --shapes "$S"
  one plain-new-$r target/bundle/bin/nvfp4-gemv bench --shapes "$S"
  one pdl-old-$r target/bundle-old/bin/nvfp4-gemv --pdl bench --shapes "$S"
  one pdl-new-$r target/bundle/bin/nvfp4-gemv --pdl bench --shapes "$S"
done
{ head -1 $T/plain-new-a.csv | sed 's/^/mode,build,round,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/oldnew.csv
grep ceiling $T/*.log
echo "=== done"
