#!/usr/bin/env bash
# v126 (2026-12-04, eighteenth session): the final bundle. Cluster split sums in separate
# entry points (layout::kernel_name::CLUSTER_TWINS; every other entry point's PTX is the
# previous commit's, labels aside), used where Gpu::split_plan says they fit. Every GPU test,
# fuzz, the four sanitizers; previous commit (old) against this build (new) on unsplit shapes,
# three rounds; cluster sums against --cluster-splits off on the split shapes of run v122, two
# rounds; the table of record plain and --pdl; the sweep (plain).
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== sanitize"; target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/sanitize.txt
T=$(mktemp -d)
one() { local name=$1; local bin=$2; shift 2; timeout 150 $bin "$@" --replays 30 --csv $T/$name.csv > $T/$name.log 2>&1 || { echo "FAILED $name"; tail -3 $T/$name.log; }; }
O=target/bundle-old/bin/nvfp4-gemv
U="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;4096,14336,1;2048,4096,1;14336,7168,1"
for r in a b c; do
  one uplain-old-$r $O bench --shapes "$U"; one uplain-new-$r $B bench --shapes "$U"
  one updl-old-$r $O --pdl bench --shapes "$U"; one updl-new-$r $B --pdl bench --shapes "$U"
done
S="1024,28672,1;512,28672,1;256,20480,1;640,14336,1;1024,16384,1;2048,28672,1;128,16384,1;1536,28672,1;512,14336,1;256,12288,1;1024,10240,1;1280,20480,1;256,16384,4;1024,7168,1;512,8192,1;1024,8192,1;512,6144,1;768,6144,1;384,8192,1;896,7168,1;640,9216,1;512,7168,2;256,6144,2;1536,9216,1;128,6144,1"
for r in a b; do
  one plain-on-$r $B bench --shapes "$S"; one plain-off-$r $B --cluster-splits off bench --shapes "$S"
  one pdl-on-$r $B --pdl bench --shapes "$S"; one pdl-off-$r $B --pdl --cluster-splits off bench --shapes "$S"
done
one record-plain-a $B bench --shapes bench
one record-pdl-a $B --pdl bench --shapes bench
one sweep-plain-a $B bench --shapes sweep
{ echo "mode,build,round,$(head -1 $T/plain-on-a.csv)"
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$c,$r,/"; done; } > $OUT/final.csv
cp $T/record-plain-a.csv $OUT/record-plain.csv; cp $T/record-pdl-a.csv $OUT/record-pdl.csv
for f in record-plain-a record-pdl-a; do echo "=== $f"; grep -E "ceiling|launches|nvfp4_gemv" $T/$f.log; done
echo "=== done"
