#!/usr/bin/env bash
# v253 (forty-second session): F (f-bundle.tar.xz: main's kernel with the closed-form stream-K
# block search back) against Q (q-bundle.tar.xz: F + G4, the load-path prefetch of `b`/`sfb` in
# the two-stage tiles where all of the first tiles' `a` is requested before the wait; v252's Q
# was G3, without that condition) on the two-stage band, --pdl, F Q Q F, any card. On an H200 first: Q's
# GPU tests, fuzz and sanitizers, its table of record (--pdl twice, plain) and the stream-K band
# against main's kernel before the fix (B, branch-bundle.tar.xz). F is main (7879be7 on); Q is
# main + notes/experiment-2026-12-07-b-prefetch-two-stage-g4.patch, each `cargo xtask bundle`,
# stripped and packed like the other bundles (NEXT.md). Carry ["target/exp-s2x"].
set -u
for x in q f br; do mkdir -p /tmp/$x; done
tar -C /tmp/q -xJf target/exp-s2x/q-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz
Q=/tmp/q/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv; B=/tmp/br/bundle/bin/nvfp4-gemv
R=/tmp/v253; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v253.tgz v253; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
if grep -q H200 $R/device.txt; then
  NVFP4_TEST_TIMEOUT=100 /tmp/q/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $Q --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $Q fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
  NVFP4_TEST_TIMEOUT=120 /tmp/q/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
  grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
  echo "tests at ${SECONDS}s"; pack
  b rec-Q1 $Q --pdl bench --shapes bench --svg $R/rec-Q1.svg
  b plain-Q $Q bench --shapes bench --svg $R/plain-Q.svg
  T="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
  b str-Q1 $Q --pdl bench --replays 20 --shapes "$T"
  b str-B1 $B --pdl bench --replays 20 --shapes "$T"
  b str-Q2 $Q --pdl bench --replays 20 --shapes "$T"
  b rec-Q2 $Q --pdl bench --shapes bench
fi
S="6656,2048,1;7168,2048,1;8192,2048,1;9216,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;4608,2048,2;1792,2048,8;9216,1280,1;12288,1280,1;12288,1792,1;7168,1024,1"
for v in F Q Q F; do r=1; [ -e $R/band-${v}1.csv ] && r=2; eval X=\$$v; b band-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
echo "=== done at ${SECONDS}s"; pack
