#!/usr/bin/env bash
# v221 (thirty-seventh session): one call on an H200 (exits at once on any other card) holding
# v218-short and v216 together, so that one machine start does it all:
#  1. main's bundle: every GPU test, --pdl and plain fuzz (the H200 truth of df9bf38's kernel);
#  2. v215's decisive steps: the twin's band (auto choice) with main's defaults (A) against
#     skew 4 + four prefetched stages (B), A B then B A; the one-wave shapes (tiled twin,
#     prefetch 2 and 4; the stream-K twin with skew 4 + prefetch 4);
#  3. the patched host (extra-skew.tar.xz, v216): its table of record (--pdl, plain), its `gpu`
#     tests (the twin with the host's default skew under --pdl included) and --pdl fuzz.
# Carry ["target/bundle"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin; R=/tmp/v221/r; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp/v221 -czf $OUT/v221.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=100 target/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 40 $D/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; timeout 30 $D/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "tests at ${SECONDS}s"; pack
S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;28672,28672,1;4096,14336,8;12288,7168,1"
W="7168,16384,1;6144,16384,1;7168,8192,1;5120,16384,1;7168,12288,1"
b() { local n=$1; shift; local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  [ $SECONDS -lt ${LIMIT:-400} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 60 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench --replays 20 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"; pack; }
b band-A1 -- --shapes "$S"
b band-B1 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$S"
b wave-pf2 -- --shapes "$W"
b wave-pf4 --pdl-prefetch 4 -- --shapes "$W"
b wave-twin --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$W" --variant nvfp4_gemv_bm32_k1024_s4_w8_stream
b band-B2 --stream-k-skew 4 --pdl-prefetch 4 -- --shapes "$S"
b band-A2 -- --shapes "$S"
echo "main done at ${SECONDS}s"
mkdir -p /tmp/v221/x && tar -C /tmp/v221/x -xJf target/bundle/extra-skew.tar.xz; X=/tmp/v221/x/skew
timeout 60 $X/nvfp4-gemv --pdl bench --shapes bench --csv $R/skew-rec-pdl.csv > $R/skew-rec-pdl.log 2>&1; cat $R/skew-rec-pdl.log; pack
timeout 60 $X/nvfp4-gemv bench --shapes bench --csv $R/skew-rec-plain.csv > $R/skew-rec-plain.log 2>&1; cat $R/skew-rec-plain.log; pack
NVFP4_REQUIRE_GPU=1 timeout 100 $X/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked" | tee $R/skew-test.log
timeout 40 $X/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1 | tee -a $R/skew-test.log
echo "=== done at ${SECONDS}s"; pack
