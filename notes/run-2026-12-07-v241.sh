#!/usr/bin/env bash
# v241 (fortieth session): `b` and `sfb` prefetched into the L2 before `griddepcontrol.wait`
# (branch: kernel::gemv `B_L2`, bundle target/exp-s2x/bl2-bundle.tar.xz = D) against main
# (target/exp-s2x/branch-bundle.tar.xz = B, 7d68148's kernel = main's). On an H200, v233 first
# (main's GPU truth and table of record), then the comparison if time is left. On any other
# card: the comparison, then D's GPU tests and --pdl fuzz.
# Carry ["target/bundle", "target/exp-s2x"].
set -u
H200=0; nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && H200=1
if [ $H200 = 1 ]; then bash notes/run-2026-12-07-v233.sh; fi
mkdir -p /tmp/br /tmp/d && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/d -xJf target/exp-s2x/bl2-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; D=/tmp/d/bundle/bin/nvfp4-gemv; R=/tmp/v241; mkdir -p $R; START=$SECONDS
pack() { tar -C /tmp -czf $OUT/v241.tgz v241; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at $((SECONDS-START))s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2"
b rec-B1 $B --pdl bench --shapes bench
b rec-D1 $D --pdl bench --shapes bench
b small-B1 $B --pdl bench --replays 20 --shapes "$S"
b small-D1 $D --pdl bench --replays 20 --shapes "$S"
b small-D2 $D --pdl bench --replays 20 --shapes "$S"
b small-B2 $B --pdl bench --replays 20 --shapes "$S"
b rec-D2 $D --pdl bench --shapes bench
b rec-B2 $B --pdl bench --shapes bench
b plain-B $B bench --shapes bench
b plain-D $D bench --shapes bench
if [ $H200 = 0 ]; then
  NVFP4_TEST_TIMEOUT=150 /tmp/d/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $D --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $D fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
fi
echo "=== done at $((SECONDS-START))s"; pack
