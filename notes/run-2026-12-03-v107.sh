#!/usr/bin/env bash
# v107 (2026-12-03, fifteenth session): the final bundle. The automatic PDL trigger now hands
# over at exit for grids of more than 1.5 blocks per SM that the GPU holds twice, with at least
# 7 K tiles per block and K unsplit (kernel::layout::pdl_trigger_flags; run v106 stopped early, its
# log piped into head, and showed the split case losing); before, those used the trigger
# after the loads. Every GPU test, fuzz under --pdl, the four sanitizers; on the shapes of runs
# v104/v105 the new automatic trigger against `loads` (the old automatic choice wherever the
# rule changed), two alternating rounds; the table of record plain and --pdl; the sweep --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
S="4096,7168,1;4096,14336,1;3072,7168,1;3072,14336,1;2048,14336,1;4096,10240,1;1024,28672,1;4096,4096,1;4096,5120,1;4096,6144,1;4096,8192,1;4096,11008,1;2048,7168,2;2048,14336,2;1024,14336,4;3840,14336,1;3584,14336,1;4224,14336,1;7168,16384,1;4096,7168,8"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > /tmp/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" /tmp/tests.txt
echo "=== fuzz"; $B fuzz --cases 40 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
echo "=== sanitizers"; timeout 300 target/bundle/run.sh sanitize > /tmp/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAILED|RACECHECK SUMMARY" /tmp/sanitize.txt | grep -v "^=========  *$" | grep -v "COMPUTE-SANITIZER$"
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run auto-a --pdl
run loads-a --pdl --pdl-trigger loads
run auto-b --pdl
run loads-b --pdl --pdl-trigger loads
echo "=== bench, plain"; $B bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench, --pdl"; $B --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== sweep, --pdl"; timeout 200 $B --pdl bench --shapes sweep --replays 20 --csv $OUT/sweep-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; echo "rc $?"
