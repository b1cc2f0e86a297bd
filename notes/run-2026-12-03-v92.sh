#!/usr/bin/env bash
# v92 (2026-12-03, thirteenth session): under PDL the consumer warps wait for the kernel before
# this one in griddepcontrol.wait instead of the stage barriers' try-wait loops (kernel change,
# PDL launches only). GPU tests, fuzz --pdl, then old (v91's CLI) / new alternating under --pdl,
# three rounds, on the five benchmark shapes and six others; one plain round each (unchanged path).
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== fuzz --pdl"; timeout 90 $B/nvfp4-gemv --pdl fuzz --cases 60 --seed 921 2>&1 | tail -1
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;28672,28672,1;4096,28672,8;1024,14336,8;14336,7168,1;5120,27648,1;16384,4096,1"
for round in 1 2 3; do
  for v in old new; do
    bin=$B/nvfp4-gemv-old; [ $v = new ] && bin=$B/nvfp4-gemv
    $bin --pdl bench --shapes "$S" --replays 30 --csv $OUT/pdl-$v-$round.csv 2>&1 | grep -E "^nvfp4|ceiling" | sed "s/^/$v pdl /"
  done
done
for v in old new; do
  bin=$B/nvfp4-gemv-old; [ $v = new ] && bin=$B/nvfp4-gemv
  $bin bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/$v plain /"
done
