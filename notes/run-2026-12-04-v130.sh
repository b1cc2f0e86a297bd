#!/usr/bin/env bash
# v130 (2026-12-04, nineteenth session): the clustered split rule refitted on run v129
# (small grids split within half the SMs down to one K tile per split; never more splits than
# a cluster holds where clusters fit). Previous commit (old: bd980a0) against this build
# (new), plain and --pdl, two rounds, on run v129's shapes the rule changes, shapes never
# measured, and controls the rule leaves alone; then the GPU tests and fuzzing.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() { local name=$1; local bin=$2; shift 2; timeout 200 $bin "$@" --replays 30 --csv $OUT/$name.csv > /tmp/$name.log 2>&1 || { echo "FAILED $name"; tail -3 /tmp/$name.log; }; }
S="128,4096,1;128,6144,1;128,8192,1;128,12288,1;128,20480,1;128,28672,1;256,4096,1;256,6144,1;256,8192,1;256,20480,1;256,28672,1;512,4096,1"
S="$S;16,4096,1;16,28672,1;64,2048,1;64,7168,1;64,16384,1;128,2048,1;128,3072,1;192,3072,1;192,7168,1;192,20480,1;384,4096,1;384,7168,1;96,5120,1;256,2048,1;256,7168,1;128,7168,2;32,10240,1;64,4096,4"
S="$S;1024,8192,1;2048,16384,1;7168,16384,1;4096,7168,1"
for r in a b; do
  t0=$(date +%s)
  one plain-old-$r $O bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"
  one pdl-old-$r $O --pdl bench --shapes "$S"; one pdl-new-$r $B --pdl bench --shapes "$S"
  echo "round $r: $(( $(date +%s) - t0 )) s"
done
echo "=== gpu tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP"
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== done"
