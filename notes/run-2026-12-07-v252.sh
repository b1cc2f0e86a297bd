#!/usr/bin/env bash
# v252 (forty-second session), after v251 on the same machine: Q (q-bundle.tar.xz) is F (main
# with the closed-form stream-K block search for unskewed schedules) plus G3: v243's load-path
# prefetch of `b`/`sfb` before the PDL wait, only in the two-stage tiles (`bm32_k1024_s2*`, the
# only entry points whose PTX it changes) and not where the trigger is after the loads. Q's GPU
# tests, fuzz and the four sanitizers (plain and --pdl), then v246's ten small grids and the
# table of record, --pdl, Q F F Q. Any card (the name is printed). Carry ["target/exp-s2x"].
set -u
for x in q f; do mkdir -p /tmp/$x; done
tar -C /tmp/q -xJf target/exp-s2x/q-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz
Q=/tmp/q/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv
R=/tmp/v252; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v252.tgz v252; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=100 /tmp/q/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $Q --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $Q fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
NVFP4_TEST_TIMEOUT=120 /tmp/q/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
echo "sanitizers at ${SECONDS}s"; pack
b() { local n=$1 x=$2; shift 2; timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2;4096,14336,1;14336,7168,1"
for v in Q F F Q; do r=1; [ -e $R/small-${v}1.csv ] && r=2; eval X=\$$v; b small-$v$r $X --pdl bench --replays 20 --shapes "$S"; b rec-$v$r $X --pdl bench --shapes bench; done
echo "=== done at ${SECONDS}s"; pack
