#!/usr/bin/env bash
# v251 (forty-second session): is the stream-K twin's H200 slowdown since run v211 the code or
# the card? v244 (this session, H200) measured it at 35.1 µs on (4096,7168,8) and 18.7 on
# (14336,7168,1), where v210/v211 had 33.0 and 15.8; the other kernels were as fast or faster.
# The suspect: df9bf38's binary search in `stream_k_block_of`, run twice per cut row tile on
# the consumers' path. F (f-bundle.tar.xz) is main with the closed form back for an unskewed
# schedule; V (v211-bundle.tar.xz) is c03aa44, the bundle of the table of record; B
# (branch-bundle.tar.xz) is main's kernel. Any card (the name is printed). F's GPU tests and
# fuzz first; then the stream-K band, --pdl, B F V V F B; the table of record F B F and F
# plain; then v250's steps on F. Carry ["target/exp-s2x"].
set -u
for x in br f v; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz && tar -C /tmp/v -xJf target/exp-s2x/v211-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv; V=/tmp/v/bundle/bin/nvfp4-gemv
R=/tmp/v251; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v251.tgz v251; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=100 /tmp/f/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $F --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $F fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
b() { local n=$1 x=$2; shift 2; [ $SECONDS -lt ${LIMIT:-520} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
for v in B F V V F B; do r=1; [ -e $R/str-${v}1.csv ] && r=2; eval X=\$$v; b str-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
grep -hE '^nvfp4' $R/str-B1.log $R/str-V1.log | awk '{print $1, $3}' | sort | uniq -c | head -20
b rec-F1 $F --pdl bench --shapes bench
b rec-B1 $B --pdl bench --shapes bench
b rec-F2 $F --pdl bench --shapes bench
b plain-F $F bench --shapes bench
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1;4096,16384,1"
b skpf4-F1 $F --pdl --stream-k-skew 4 --pdl-prefetch 4 bench --replays 20 --shapes "$S"
b wave-pf2-F1 $F --pdl bench --replays 20 --shapes "$W"
b wave-pf4-F1 $F --pdl --pdl-prefetch 4 bench --replays 20 --shapes "$W"
b wave-pf4-F2 $F --pdl --pdl-prefetch 4 bench --replays 20 --shapes "$W"
b wave-pf2-F2 $F --pdl bench --replays 20 --shapes "$W"
b skpf4-F2 $F --pdl --stream-k-skew 4 --pdl-prefetch 4 bench --replays 20 --shapes "$S"
echo "=== done at ${SECONDS}s"; pack
