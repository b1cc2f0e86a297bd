#!/usr/bin/env bash
# v231 (thirty-ninth session): the branch with the two-stage band (kernel::layout::
# pdl_two_stage_choice) against main, any card: the branch bundle's GPU tests and fuzz, then
# main's CLI (A) against the branch's (B) under --pdl on the band's shapes (held-out ones
# included) and the five benchmark shapes, A B B A; plain launches once each (no change expected).
# Carry ["target/bundle", "target/exp-s2x"] (main's bundle; the branch's, xz).
set -u
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv
A=$PWD/target/bundle/bin/nvfp4-gemv; R=/tmp/v231; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v231.tgz v231; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=150 /tmp/br/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $B --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $B fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
S="6656,2048,1;7168,2048,1;7424,2048,1;8192,2048,1;8704,1536,1;9216,2048,1;9728,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;4608,2048,2;2560,2048,4;1792,2048,8;3584,2048,2;12288,1280,1"
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
b band-A1 $A --pdl bench --replays 20 --shapes "$S"
b band-B1 $B --pdl bench --replays 20 --shapes "$S"
b band-B2 $B --pdl bench --replays 20 --shapes "$S"
b band-A2 $A --pdl bench --replays 20 --shapes "$S"
grep -hE "^nvfp4" $R/band-B1.log | awk '{print $1, $3}' > $R/band-B-kernels.txt
b rec-A1 $A --pdl bench --shapes bench
b rec-B1 $B --pdl bench --shapes bench
b rec-B2 $B --pdl bench --shapes bench
b rec-A2 $A --pdl bench --shapes bench
b plain-A $A bench --replays 20 --shapes "$S"
b plain-B $B bench --replays 20 --shapes "$S"
echo "=== done at ${SECONDS}s"; pack
