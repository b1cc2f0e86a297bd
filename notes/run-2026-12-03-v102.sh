#!/usr/bin/env bash
# v102 (2026-12-03, fifteenth session): PDL launches request two stages of `a` before
# griddepcontrol.wait, but never all of a block's K tiles (kernel::layout::pdl_prefetch_stages_for:
# blocks of two tiles request one). Host-only change, PTX unchanged. Every GPU test; on 18
# shapes where the rule changes (two K tiles per block) and 3 where it does not, the old
# default (--pdl-prefetch 2) against the new one (auto), two alternating rounds; fuzz under
# --pdl; the table of record plain and --pdl; the sweep under --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
S="7168,2048,1;2048,4096,1;4096,2048,1;8192,2048,1;3072,2048,1;2048,2048,2;1024,2048,8;2048,2048,1;1536,1536,1;512,2048,4;1024,4096,1;16384,1024,1;7168,1024,2;2048,1024,8;28672,1024,1;8192,1024,4;4096,1024,8;5120,1536,1;7168,16384,1;4096,7168,8;7168,2048,4"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "=== GPU tests"; target/bundle/run.sh test > $OUT/tests.txt 2>&1; echo "run.sh test rc $?"
grep -E "^===|test result|FAILED|panicked" $OUT/tests.txt
echo "=== fuzz --pdl"; $B --pdl fuzz --cases 60 2>&1 | tail -1
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run pre2-a --pdl --pdl-prefetch 2
run auto-a --pdl
run pre2-b --pdl --pdl-prefetch 2
run auto-b --pdl
echo "=== bench, plain"; $B bench --replays 30 --csv $OUT/bench-plain.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== bench, --pdl"; $B --pdl bench --replays 30 --csv $OUT/bench-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== sweep, --pdl"; timeout 200 $B --pdl bench --shapes sweep --replays 20 --csv $OUT/sweep-pdl.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL" | tail -40; echo "rc $?"
