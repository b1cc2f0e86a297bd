#!/usr/bin/env bash
# v258 (forty-third session), H200 only: main's kernel with G4 (M, m-bundle.tar.xz, a copy of
# q-bundle.tar.xz: main's commit that lands notes/experiment-2026-12-07-b-prefetch-two-stage-g4.patch
# changed only comments against it, and its sm_90a and sm_100a PTX are in q-bundle's binary verbatim) gets every GPU test, --pdl and plain fuzz, the four sanitizers, the table of
# record (--pdl twice, plain); the stream-K band against main before the block-lookup fix
# (B, branch-bundle.tar.xz), M B B M; the two-stage band against main before G4 (F,
# f-bundle.tar.xz), F M M F; then v250's one-wave prefetch questions on M. Every step packs
# what it has. Carry ["target/exp-s2x"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
for x in m f br; do mkdir -p /tmp/$x; done
tar -C /tmp/m -xJf target/exp-s2x/m-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz
M=/tmp/m/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv; B=/tmp/br/bundle/bin/nvfp4-gemv
R=/tmp/v258; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v258.tgz v258; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; [ $SECONDS -lt ${LIMIT:-540} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
NVFP4_TEST_TIMEOUT=100 /tmp/m/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $M --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $M fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
b rec-M1 $M --pdl bench --shapes bench --svg $R/rec-M1.svg
b plain-M $M bench --shapes bench --svg $R/plain-M.svg
NVFP4_TEST_TIMEOUT=120 /tmp/m/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
echo "sanitizers at ${SECONDS}s"; pack
SK="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
for v in M B B M; do r=1; [ -e $R/str-${v}1.csv ] && r=2; eval X=\$$v; b str-$v$r $X --pdl bench --replays 20 --shapes "$SK"; done
S="6656,2048,1;7168,2048,1;8192,2048,1;9216,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;4608,2048,2;1792,2048,8;9216,1280,1;12288,1280,1;12288,1792,1;7168,1024,1"
for v in F M M F; do r=1; [ -e $R/band-${v}1.csv ] && r=2; eval X=\$$v; b band-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
b rec-M2 $M --pdl bench --shapes bench
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1;4096,16384,1"
b wave-pf2-1 $M --pdl bench --replays 20 --shapes "$W"
b wave-pf4-1 $M --pdl --pdl-prefetch 4 bench --replays 20 --shapes "$W"
b rec-pf4 $M --pdl --pdl-prefetch 4 bench --shapes bench
b wave-pf4-2 $M --pdl --pdl-prefetch 4 bench --replays 20 --shapes "$W"
b wave-pf2-2 $M --pdl bench --replays 20 --shapes "$W"
echo "=== done at ${SECONDS}s"; pack
