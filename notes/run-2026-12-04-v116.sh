#!/usr/bin/env bash
# v116 (2026-12-04, seventeenth session): MIN_SPLIT_K back from 2560 (run v113's rule) to 2048.
# Run v115 found (1024,16384,1) under --pdl 11.5% faster in eight splits of 2048 than in the
# four the 2560 floor allowed; the floor also cut tiny grids' splits (e.g. (16,28672,1) 14 -> 10),
# unmeasured. Each shape whose split this changes (a sample of them), new automatic against the
# old count forced, two alternating rounds, plain and --pdl; every GPU test and fuzz on this bundle.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > /tmp/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" /tmp/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
T=$(mktemp -d)
one() { local name=$1; shift; timeout 100 $B "$@" --replays 30 --csv $T/$name.csv > /dev/null 2>&1 || echo "FAILED $name"; }
ALLP="16,28672,1;32,20480,1;64,12288,1;256,12288,1;512,16384,1;128,16384,1;192,14336,1"
ALLD="16,28672,1;32,20480,1;64,12288,1;256,12288,1;1024,16384,1;128,16384,1;384,18432,1;512,16384,1;192,14336,1"
for r in a b; do
  one plain-new-$r bench --shapes "$ALLP"
  one plain-old10-$r bench --shapes "16,28672,1" --splits 10
  one plain-old7-$r bench --shapes "32,20480,1" --splits 7
  one plain-old4-$r bench --shapes "64,12288,1;256,12288,1;512,16384,1" --splits 4
  one plain-old6-$r bench --shapes "128,16384,1" --splits 6
  one plain-old5-$r bench --shapes "192,14336,1" --splits 5
  one pdl-new-$r --pdl bench --shapes "$ALLD"
  one pdl-old10-$r --pdl bench --shapes "16,28672,1" --splits 10
  one pdl-old7-$r --pdl bench --shapes "32,20480,1" --splits 7
  one pdl-old4-$r --pdl bench --shapes "64,12288,1;256,12288,1;1024,16384,1" --splits 4
  one pdl-old6-$r --pdl bench --shapes "128,16384,1;384,18432,1;512,16384,1" --splits 6
  one pdl-old5-$r --pdl bench --shapes "192,14336,1" --splits 5
done
{ head -1 $T/plain-new-a.csv | sed 's/^/mode,round,config,/'
  for f in $T/*.csv; do n=$(basename $f .csv); IFS=- read -r m c r <<< "$n"
    tail -n +2 $f | sed "s/^/$m,$r,$c,/"; done; } > $OUT/changed.csv
echo "=== done"
