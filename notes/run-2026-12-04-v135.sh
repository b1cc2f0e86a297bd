#!/usr/bin/env bash
# v135 (2026-12-04, nineteenth session): the clustered split count takes twice the SMs even
# where the K tiles do not divide into that many splits, and all that K allows where that
# divides them (Shape::splits_clustered, from run v133's PDL gaps). The previous commit (old:
# f51e15c) against this build (new), plain and --pdl, two rounds, on shapes whose count
# changes; every GPU test and fuzzing.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() { local name=$1; local bin=$2; shift 2; timeout 200 $bin "$@" --replays 30 --csv $OUT/$name.csv > /tmp/$name.log 2>&1 || { echo "FAILED $name"; tail -3 /tmp/$name.log; }; }
S="320,16384,1;384,16384,1;448,20480,1;512,20480,1;512,28672,1;576,16384,1;640,12288,1;768,12288,1;768,16384,1;832,16384,1"
S="$S;640,16384,1;768,28672,1;896,20480,1;1024,20480,1;1024,28672,1;1152,16384,1;1280,20480,1;1536,16384,1;7168,16384,1"
for r in a b; do
  one plain-old-$r $O bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"
  one pdl-old-$r $O --pdl bench --shapes "$S"; one pdl-new-$r $B --pdl bench --shapes "$S"
done
echo "=== gpu tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP"
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== done"
