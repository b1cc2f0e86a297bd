#!/usr/bin/env bash
# v224 (thirty-eighth session): on whatever card came (an H100 when written), the five benchmark
# shapes (`--shapes bench`) and the twin band of v221, main's default prefetch (2 stages) against four, in the
# order A B B A, `--pdl`, medians of 20 replays. Carry ["target/bundle"].
set -u
D=$PWD/target/bundle/bin; R=/tmp/v224/r; mkdir -p $R; SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
W=bench; S="4096,7168,8;14336,7168,1;12800,7168,1;9216,16384,1;10240,10240,1;32768,7168,1;28672,28672,1;4096,14336,8;12288,7168,1"
b() { local n=$1; shift; local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  timeout 60 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench --replays 20 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"
  tar -C /tmp/v224 -czf $OUT/v224.tgz r; }
b rec-pf2-1 -- --shapes $W
b band-pf2-1 -- --shapes "$S"
b rec-pf4-1 --pdl-prefetch 4 -- --shapes $W
b band-pf4-1 --pdl-prefetch 4 -- --shapes "$S"
b rec-pf4-2 --pdl-prefetch 4 -- --shapes $W
b band-pf4-2 --pdl-prefetch 4 -- --shapes "$S"
b rec-pf2-2 -- --shapes $W
b band-pf2-2 -- --shapes "$S"
grep -h "ceiling" $R/*.log | head -4
echo "=== done at ${SECONDS}s"
