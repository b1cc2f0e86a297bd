#!/usr/bin/env bash
# v218 (thirty-sixth session): for a short call on an H200 (exits at once on any other card):
# first the GPU truth of main's bundle (every test binary, --pdl and plain fuzz), then as many
# of v215's decisive steps as the call's time allows (band A1/B1, the one-wave shapes).
# Carry ["target/bundle"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin; R=/tmp/v218/r; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp/v218 -czf $OUT/v218.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=100 target/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 40 $D/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; timeout 30 $D/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;28672,28672,1;4096,14336,8;12288,7168,1"
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1"
b() { local n=$1; shift; local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  timeout 60 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench --replays 20 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $7}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"; pack; }
b band-A1 -- --shapes "$S"
b band-B1 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$S"
b wave-pf2 -- --shapes "$W"
b wave-pf4 --pdl-prefetch 4 -- --shapes "$W"
b wave-twin --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$W" --variant nvfp4_gemv_bm32_k1024_s4_w8_stream
b rec-pf2 -- --shapes bench
echo "=== done at ${SECONDS}s"; pack
