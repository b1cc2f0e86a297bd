#!/usr/bin/env bash
# v134 (2026-12-04, nineteenth session), the final bundle: with plain launches, clustered
# splits for grids of more than half a block per SM from K = 12288
# (SPLIT_MIN_K_HALF_FULL_CLUSTER), and the largest smaller count whose clusters fit where the
# rule's count does not (Gpu::split_plan), both from run v133. Plain launches of the previous
# commit (old: e18a32b) against this build (new), two rounds, on run v133's shapes and shapes
# never measured; PDL on a few controls (unchanged by design); every GPU test, fuzzing and
# the four sanitizers.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() { local name=$1; local bin=$2; shift 2; timeout 200 $bin "$@" --replays 30 --csv $OUT/$name.csv > /tmp/$name.log 2>&1 || { echo "FAILED $name"; tail -3 /tmp/$name.log; }; }
S=""
for m in 1152 1536 2048; do for k in 8192 12288 16384 20480; do S="$S;$m,$k,1"; done; done
for m in 512 640 768 1024; do for k in 16384 20480 28672; do S="$S;$m,$k,1"; done; done
S="${S#;};1280,12288,1;1280,16384,1;1792,12288,1;1792,14336,1;896,16384,1;896,28672,1;576,20480,1;704,16384,1;1152,14336,1;2048,14336,1;128,8192,1;7168,16384,1"
for r in a b; do one plain-old-$r $O bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"; done
P="1152,12288,1;640,16384,1;768,20480,1;2048,16384,1"
one pdl-old-a $O --pdl bench --shapes "$P"; one pdl-new-a $B --pdl bench --shapes "$P"
echo "=== gpu tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP"
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== sanitize"; target/bundle/run.sh sanitize > $OUT/sanitize.log 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/sanitize.log
echo "=== done"
