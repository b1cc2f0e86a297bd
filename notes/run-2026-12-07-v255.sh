#!/usr/bin/env bash
# v255 (forty-third session): v250 on main's kernel since the fix (f-bundle.tar.xz), plus the
# stream-K band F B once more (branch-bundle = before the fix). v250: v221's decisive steps, on
# an H200 only: the stream-K twin's band with main's defaults (A) against skew 4 + four
# prefetched stages (B), A B B A; the one-wave shapes with prefetch 2, 3 and 4 (auto choice) and
# the twin forced with skew 4 + prefetch 4; the table of record with prefetch 4 and with skew 4 +
# prefetch 4. Carry ["target/exp-s2x"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
mkdir -p /tmp/f /tmp/br && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; D=/tmp/f/bundle/bin
R=/tmp/v255; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v255.tgz v255; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;28672,28672,1;4096,14336,8;12288,7168,1"
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1;4096,16384,1"
b() { local n=$1; shift; local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  [ $SECONDS -lt ${LIMIT:-500} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 80 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"; pack; }
b band-A1 -- --replays 20 --shapes "$S"
T="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;4096,14336,8;12288,7168,1"
D=/tmp/br/bundle/bin b str-B2 -- --replays 20 --shapes "$T"
b str-F2 -- --replays 20 --shapes "$T"
b band-B1 --stream-k-skew 4 --pdl-prefetch 4 -- --replays 20 --shapes "$S"
b wave-pf2-1 -- --replays 20 --shapes "$W"
b wave-pf4-1 --pdl-prefetch 4 -- --replays 20 --shapes "$W"
b wave-pf3-1 --pdl-prefetch 3 -- --replays 20 --shapes "$W"
b wave-twin --stream-k-skew 4 --pdl-prefetch 4 -- --replays 20 --shapes "$W" --variant nvfp4_gemv_bm32_k1024_s4_w8_stream
b rec-pf4 --pdl-prefetch 4 -- --shapes bench
b rec-skpf4 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes bench
b rec-def -- --shapes bench
b wave-pf4-2 --pdl-prefetch 4 -- --replays 20 --shapes "$W"
b wave-pf2-2 -- --replays 20 --shapes "$W"
b band-B2 --stream-k-skew 4 --pdl-prefetch 4 -- --replays 20 --shapes "$S"
b band-A2 -- --replays 20 --shapes "$S"
echo "=== done at ${SECONDS}s"; pack
