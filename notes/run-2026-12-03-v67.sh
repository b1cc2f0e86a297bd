#!/usr/bin/env bash
# v67 (2026-12-03, tenth session; the bundle was built from the tree with notes/experiment-2026-12-03-v67-stream-k.patch
# applied, which was not kept): stream-K grids (kernel::schedule; auto for (7168,16384,1), forced by
# --splits sk) and a's L2 promotion none: GPU tests, fuzz (plain and --pdl), the sanitizers, the bench (plain and
# --pdl), an A/B of (7168,16384,1) with the plain grid (--splits off) in the same run, the main job.
set -u
B=target/bundle/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|stream-K|round" ; echo "run.sh test rc ${PIPESTATUS[0]}"
echo "=== A/B (7168,16384,1): plain grid (--splits off) / stream-K (auto), twice"
for r in off auto off auto; do $B/nvfp4-gemv bench --shapes "7168,16384,1" --splits $r --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/$r /"; done
echo "=== bench, plain"; $B/nvfp4-gemv bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench, --pdl"; $B/nvfp4-gemv bench --replays 30 --pdl --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|launches"
echo "=== A/B --pdl: off / auto"
for r in off auto; do $B/nvfp4-gemv bench --shapes "7168,16384,1" --splits $r --pdl --replays 30 2>&1 | grep -E "^nvfp4" | sed "s/^/$r /"; done
echo "=== fuzz"; timeout 200 $B/nvfp4-gemv fuzz --cases 150 --seed 67 2>&1 | tail -2
echo "=== fuzz --pdl"; timeout 150 $B/nvfp4-gemv --pdl fuzz --cases 100 --seed 670 2>&1 | tail -2
echo "=== main job"; $B/nvfp4-gemv 2>&1 | tail -7
# (In the run, this line's `head -40` cut the sanitizers after memcheck (SIGPIPE, rc 141): memcheck, plain
# launches, 0 errors; the rest did not run on this build.)
echo "=== sanitizers"; NVFP4_TEST_TIMEOUT=120 target/bundle/run.sh sanitize 2>&1 | grep -E "^===|ERROR SUMMARY|FAIL|pass" | grep -vE "pass$" | head -40; echo "sanitize rc ${PIPESTATUS[0]}"
