#!/usr/bin/env bash
# v101 (2026-12-03, fourteenth session): the final bundle (PDL launches request 2 stages of `a`
# before griddepcontrol.wait; the --pdl-trigger and --pdl-prefetch knobs; the emulated sm_100a
# test build): every GPU test, 80 + 80 differential cases, the four compute-sanitizer tools
# with plain and --pdl launches, the bench plain and --pdl, the sweep under --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz"; $B fuzz --cases 80 2>&1 | tail -1; $B --pdl fuzz --cases 80 2>&1 | tail -1
echo "=== sanitizers"; timeout 300 target/bundle/run.sh sanitize > $OUT/sanitize.txt 2>&1; echo "run.sh sanitize rc $?"
grep -E "^===|ERROR SUMMARY|FAILED|RACECHECK SUMMARY" $OUT/sanitize.txt | head -40
echo "=== bench, plain"; $B bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench, --pdl"; $B --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== sweep, --pdl"; timeout 200 $B --pdl bench --shapes sweep --replays 20 --csv $OUT/sweep-pdl.csv > $OUT/sweep-pdl.txt 2>&1; echo "rc $?"; grep -c pass $OUT/sweep-pdl.txt
