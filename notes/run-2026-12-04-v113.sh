#!/usr/bin/env bash
# v113 (2026-12-04, seventeenth session): the new automatic K split (kernel::layout::Shape::splits:
# none below K = 10240, none for grids of more than half a block per SM below K = 20480, else
# two blocks per SM where the K tiles divide so, else one) and the PDL pick of 32-row tiles at
# 1.5 to 2 row tiles per SM (choose_variant), from runs v110-v112. Every GPU test, fuzz plain
# and --pdl; then each changed shape, new automatic choice against the old one forced
# (--variant, --splits), two alternating rounds; the table of record, plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > /tmp/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" /tmp/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
P1="1024,4096,1;2048,7168,1;2048,14336,1;2048,4096,1;1152,7168,1;1024,7168,2"
P3="1024,7168,1;1024,14336,1;1024,28672,1;768,14336,1;1024,20480,1"
P5="512,14336,1;512,28672,1"
PLAIN="$P1;$P3;$P5"
D2="$P1"; D3="1024,7168,1;1024,14336,1;768,14336,1"; D5="512,14336,1"
D1="4096,7168,1;4096,14336,1;4096,4096,1;3584,14336,1"
DB5="1024,28672,1;1024,20480,1"; DB3="2048,28672,1;1536,28672,1;256,28672,8"
DW2="4096,16384,1"; DS6="4224,14336,1;4224,28672,1"
PDL="$D2;$D3;$D5;$D1;$DB5;$DB3;$DW2;$DS6"
T=$(mktemp -d)
one() { local name=$1; shift; timeout 100 $B "$@" --csv $T/$name.csv > /dev/null 2>&1 || echo "FAILED $name"; }
W=nvfp4_gemv_bm16_k1024_s4_w8_p2
for r in a b; do
  one plain-new-$r bench --shapes "$PLAIN" --replays 30
  one plain-old1-$r bench --shapes "$P1" --variant $W --splits 2 --replays 30
  one plain-old3-$r bench --shapes "$P3" --variant $W --splits 3 --replays 30
  one plain-old5-$r bench --shapes "$P5" --variant $W --splits 5 --replays 30
  one pdl-new-$r --pdl bench --shapes "$PDL" --replays 30
  one pdl-old2-$r --pdl bench --shapes "$D2" --variant $W --splits 2 --replays 30
  one pdl-old3-$r --pdl bench --shapes "$D3" --variant $W --splits 3 --replays 30
  one pdl-old5-$r --pdl bench --shapes "$D5" --variant $W --splits 5 --replays 30
  one pdl-old1-$r --pdl bench --shapes "$D1" --variant $W --splits off --replays 30
  one pdl-oldb5-$r --pdl bench --shapes "$DB5" --variant nvfp4_gemv_bm32_k1024_s4_p2 --splits 5 --replays 30
  one pdl-oldb3-$r --pdl bench --shapes "$DB3" --variant nvfp4_gemv_bm32_k1024_s4_p2 --splits 3 --replays 30
  one pdl-oldw2-$r --pdl bench --shapes "$DW2" --variant nvfp4_gemv_bm32_k1024_s4_w8 --splits 2 --replays 30
  one pdl-olds6-$r --pdl bench --shapes "$DS6" --variant nvfp4_gemv_bm16_k1024_s6_w8 --splits off --replays 30
done
{ head -1 $T/plain-new-a.csv | sed 's/^/mode,round,config,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$r,$c,/"; done; } > $OUT/changed.csv
echo "=== bench"; timeout 100 $B bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"
timeout 100 $B --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"
echo "=== done"
