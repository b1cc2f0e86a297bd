#!/usr/bin/env bash
# v109 (2026-12-04, sixteenth session): the PDL trigger rule now hands over after the loads for
# every grid with K split (kernel::layout::pdl_trigger_flags; before, split grids the GPU does
# not hold twice started the next grid at once). Run v108 measured start against loads on eight
# split-K shapes; here the new automatic rule against start on those eight and eight new ones,
# two alternating rounds; every entry point under --pdl on the eight band shapes of run v108
# (its --variant was misplaced); every GPU test; fuzz with --pdl; the table of record --pdl and
# the sweep --pdl (no benchmark shape has K split; the sweep has a few).
set -u
B=target/bundle/bin/nvfp4-gemv
BAND="4224,14336,1;4224,7168,1;4352,14336,1;4608,14336,1;4224,28672,1;5120,14336,1;6144,7168,1;4608,8192,1"
SPLIT="1024,28672,1;512,28672,1;1024,16384,1;2048,28672,1;768,28672,1;1024,14336,2;512,16384,4;1536,28672,1;1024,20480,1;640,28672,1;1280,28672,1;256,28672,8;512,28672,2;2048,20480,1;1024,12288,1;768,16384,2"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > /tmp/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" /tmp/tests.txt
echo "=== fuzz"; $B --pdl fuzz --cases 80 2>&1 | tail -1
run() { local name=$1 s=$2; shift 2; echo "=== $name"; timeout 150 $B "$@" --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL|error"; }
run split-auto-a "$SPLIT" --pdl bench --shapes "$SPLIT" --replays 30
run split-start-a "$SPLIT" --pdl --pdl-trigger start bench --shapes "$SPLIT" --replays 30
run split-auto-b "$SPLIT" --pdl bench --shapes "$SPLIT" --replays 30
run split-start-b "$SPLIT" --pdl --pdl-trigger start bench --shapes "$SPLIT" --replays 30
run band-pdl-all "$BAND" --pdl bench --shapes "$BAND" --variant all --replays 30
run bench-pdl "" --pdl bench --replays 30
run sweep-pdl "" --pdl bench --shapes sweep --replays 20
echo "=== done"
