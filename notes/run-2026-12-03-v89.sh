#!/usr/bin/env bash
# v89 (2026-12-03, thirteenth session): decode instructions moved from the integer ALU pipe to
# the FMA pipe. A: the sign flip `w ^ 0x88888888` (LOP3) becomes `!w` as `IMAD w, m1, m1` with
# an opaque all-ones register and the negative lookup table reversed. B: A plus the a+ chain
# starting at the magic bits and `a+ - a-` as `IMAD` (no IADD3). GPU tests (B), fuzz A and B,
# the bench interleaved old (ef5b3af) / A / B, plain and --pdl.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests (B)"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== fuzz"; timeout 90 $B/nvfp4-gemv-A fuzz --cases 40 --seed 891 2>&1 | tail -1
timeout 90 $B/nvfp4-gemv fuzz --cases 40 --seed 892 2>&1 | tail -1
echo "=== A/B: old / A / B, three rounds, plain"
for round in 1 2 3; do
  for v in old A B; do
    bin=$B/nvfp4-gemv-$v; [ $v = B ] && bin=$B/nvfp4-gemv
    $bin bench --replays 30 --csv $OUT/bench-$v-$round.csv 2>&1 | grep -E "^nvfp4|ceiling" | sed "s/^/$v /"
  done
done
echo "=== --pdl: old / A / B"
for v in old A B; do
  bin=$B/nvfp4-gemv-$v; [ $v = B ] && bin=$B/nvfp4-gemv
  $bin --pdl bench --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/$v pdl /"
done
