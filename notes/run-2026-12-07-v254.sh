#!/usr/bin/env bash
# v254 (forty-third session): replaces v253, whose H200 part tested Q rather than main. On an
# H200: main's kernel (F, f-bundle.tar.xz: 362634b, the closed-form stream-K block lookup back)
# gets every GPU test, --pdl and plain fuzz, the four sanitizers, the table of record (--pdl
# twice, plain) and the stream-K band against main before the fix (B, branch-bundle.tar.xz:
# 362634b with kernel/src/layout/stream_k.rs of 7879be7^), F B (v258 repeats it). Then, any card: the
# two-stage band F Q Q F, Q = F + notes/experiment-2026-12-07-b-prefetch-two-stage-g4.patch
# (q-bundle.tar.xz). Then, any card, while time is left: the stream-K band F T T F, T = F +
# notes/experiment-2026-12-07-timer-every-256-polls.patch (t-bundle.tar.xz). Every step packs
# what it has. Carry ["target/exp-s2x"].
set -u
for x in q f br t; do mkdir -p /tmp/$x; done
tar -C /tmp/q -xJf target/exp-s2x/q-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/t -xJf target/exp-s2x/t-bundle.tar.xz
Q=/tmp/q/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv; B=/tmp/br/bundle/bin/nvfp4-gemv; T=/tmp/t/bundle/bin/nvfp4-gemv
R=/tmp/v254; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v254.tgz v254; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; [ $SECONDS -lt ${LIMIT:-520} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
if grep -q H200 $R/device.txt; then
  NVFP4_TEST_TIMEOUT=100 /tmp/f/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $F --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $F fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
  echo "tests at ${SECONDS}s"; pack
  b rec-F1 $F --pdl bench --shapes bench --svg $R/rec-F1.svg
  b plain-F $F bench --shapes bench --svg $R/plain-F.svg
  SK="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
  b str-F1 $F --pdl bench --replays 20 --shapes "$SK"
  b str-B1 $B --pdl bench --replays 20 --shapes "$SK"
  b rec-F2 $F --pdl bench --shapes bench
  NVFP4_TEST_TIMEOUT=120 /tmp/f/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
  grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
  echo "sanitizers at ${SECONDS}s"; pack
fi
S="6656,2048,1;7168,2048,1;8192,2048,1;9216,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;4608,2048,2;1792,2048,8;9216,1280,1;12288,1280,1;12288,1792,1;7168,1024,1"
for v in F Q Q F; do r=1; [ -e $R/band-${v}1.csv ] && r=2; eval X=\$$v; b band-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
SK="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
for v in F T T F; do r=1; [ -e $R/strt-${v}1.csv ] && r=2; eval X=\$$v; b strt-$v$r $X --pdl bench --replays 20 --shapes "$SK"; done
echo "=== done at ${SECONDS}s"; pack
