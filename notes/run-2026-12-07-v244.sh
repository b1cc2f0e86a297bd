#!/usr/bin/env bash
# v244 (fortieth session): v233 with the table of record before the sanitizers, for an H200
# call with little device time left (each step packs what it has). v233's header follows.
# v233 (thirty-ninth session): the branch's final bundle (two-stage band, its prefetch rule,
# sanitizer cases), any card: every GPU test, --pdl and plain fuzz, the four sanitizers with
# plain and --pdl launches, then the table of record, main (A) against the branch (B), --pdl
# A B B A and plain A B, and the band's shapes once more (B A).
# Carry ["target/bundle", "target/exp-s2x"] (main's bundle; the branch's, xz).
set -u
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv
A=$PWD/target/bundle/bin/nvfp4-gemv; R=/tmp/v244; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v244.tgz v244; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=150 /tmp/br/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $B --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $B fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
b rec-A1 $A --pdl bench --shapes bench
b rec-B1 $B --pdl bench --shapes bench
b rec-B2 $B --pdl bench --shapes bench
b rec-A2 $A --pdl bench --shapes bench
b plain-A $A bench --shapes bench
b plain-B $B bench --shapes bench
NVFP4_TEST_TIMEOUT=120 /tmp/br/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
echo "sanitizers at ${SECONDS}s"; pack
S="6656,2048,1;7168,2048,1;8192,2048,1;9216,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;4608,2048,2;1792,2048,8;9216,1280,1;12288,1280,1;12288,1792,1"
b band-B $B --pdl bench --replays 20 --shapes "$S"
b band-A $A --pdl bench --replays 20 --shapes "$S"
echo "=== done at ${SECONDS}s"; pack
