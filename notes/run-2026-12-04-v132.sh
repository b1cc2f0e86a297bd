#!/usr/bin/env bash
# v132 (2026-12-04, nineteenth session), the final bundle: the small-grid split only where it
# at least halves a block's K tiles (run v131's one loss, (384,3072,1) under PDL). Plain
# launches of the previous commit (old: bd980a0) against this build on run v130's shapes (run
# v130 measured the PDL rule; its plain rule then kept to half the SMs), two rounds; PDL on
# K = 3072; every GPU test with NVFP4_REQUIRE_GPU=1, fuzzing, the four sanitizers.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() { local name=$1; local bin=$2; shift 2; timeout 200 $bin "$@" --replays 30 --csv $OUT/$name.csv > /tmp/$name.log 2>&1 || { echo "FAILED $name"; tail -3 /tmp/$name.log; }; }
S="128,4096,1;128,6144,1;128,8192,1;128,12288,1;128,20480,1;128,28672,1;256,4096,1;256,6144,1;256,8192,1;256,20480,1;256,28672,1;512,4096,1"
S="$S;16,4096,1;16,28672,1;64,2048,1;64,7168,1;64,16384,1;128,2048,1;128,3072,1;192,3072,1;192,7168,1;192,20480,1;384,4096,1;384,7168,1;96,5120,1;256,2048,1;256,7168,1;128,7168,2;32,10240,1;64,4096,4"
S="$S;1024,8192,1;2048,16384,1;7168,16384,1;4096,7168,1"
for r in a b; do one plain-old-$r $O bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"; done
P="128,3072,1;192,3072,1;384,3072,1;384,5120,1;640,3072,1"
one pdl-old-a $O --pdl bench --shapes "$P"; one pdl-new-a $B --pdl bench --shapes "$P"
echo "=== gpu tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP"
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== sanitize"; target/bundle/run.sh sanitize > $OUT/sanitize.log 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/sanitize.log
echo "=== done"
