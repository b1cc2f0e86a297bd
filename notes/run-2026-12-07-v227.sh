#!/usr/bin/env bash
# v227 (thirty-eighth session): on whatever card came (an H100 when written), the rule's edges (blocks per SM near one, K 12288 to 28672),
# main's default prefetch (2 stages) against four, A B B A, `--pdl`, medians of 20 replays.
# Carry ["target/bundle"].
set -u
D=$PWD/target/bundle/bin; R=/tmp/v227/r; mkdir -p $R; SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
W="8192,16384,1;4608,16384,1;5120,28672,1;6144,12288,1;3072,28672,1;8192,12288,1"
b() { local n=$1; shift; local pre=(); while [ "$1" != "--" ]; do pre+=("$1"); shift; done; shift
  timeout 60 $D/nvfp4-gemv --pdl ${pre[@]+"${pre[@]}"} bench --replays 20 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"
  tar -C /tmp/v227 -czf $OUT/v227.tgz r; }
b long-pf2-1 -- --shapes "$W"
b long-pf4-1 --pdl-prefetch 4 -- --shapes "$W"
b long-pf4-2 --pdl-prefetch 4 -- --shapes "$W"
b long-pf2-2 -- --shapes "$W"
grep -h "ceiling" $R/*.log | head -4
echo "=== done at ${SECONDS}s"
