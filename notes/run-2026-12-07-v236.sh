#!/usr/bin/env bash
# v236 (thirty-ninth session): the two-stage rule extended (one K tile per block at K = 1024,
# and the four-warp tiles up to 12 row tiles of 16 per SM) against its first form, any card:
# the new bundle's GPU tests and --pdl fuzz, then the first form's CLI (A) against the new
# one's (B), --pdl, A B B A, on the shapes the extension moves and two it does not.
# Carry ["target/exp-s2x"] (v1-bundle.tar.xz: main at 333bcbe; branch-bundle.tar.xz: the new).
set -u
for x in v1 branch; do mkdir -p /tmp/$x && tar -C /tmp/$x -xJf target/exp-s2x/$x-bundle.tar.xz; done
A=/tmp/v1/bundle/bin/nvfp4-gemv; B=/tmp/branch/bundle/bin/nvfp4-gemv; R=/tmp/v236; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v236.tgz v236; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=150 /tmp/branch/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $B --pdl fuzz --cases 120 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
S="7168,1024,1;8192,1024,1;9728,1024,1;12288,1024,1;14336,1024,1;4096,1024,2;2048,1024,4;3072,1024,4;18432,2048,1;20480,2048,1;22528,2048,1;8192,2048,3;12288,2048,2;18432,1792,1;24576,1792,1;7168,2048,1;9216,2048,1"
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
b A1 $A --pdl bench --replays 20 --shapes "$S"
b B1 $B --pdl bench --replays 20 --shapes "$S"
b B2 $B --pdl bench --replays 20 --shapes "$S"
b A2 $A --pdl bench --replays 20 --shapes "$S"
grep -hE "^nvfp4" $R/B1.log | awk '{print $1, $3}' > $R/B-kernels.txt
echo "=== done at ${SECONDS}s"; pack
