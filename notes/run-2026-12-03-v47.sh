#!/usr/bin/env bash
# v47: the bare pipeline (NVFP4_DIAG=8, notes/diag-2026-12-03-v44-sensitivity.patch) for every entry point on the
# two large shapes: does the depth of the pipeline (stages in flight, one or two producer warps) set its speed?
B=target/bundle/bin
NVFP4_DIAG=8 timeout 200 $B/nvfp4-gemv-sens bench --shapes "7168,16384,1;4096,7168,8" --variant all --replays 30 --csv $OUT/p.csv 2>&1 | grep -E "^nvfp4|ceiling"
sed "1!s/^/pipe-only,/;1s/^/run,/" $OUT/p.csv > $OUT/bench.csv; rm -f $OUT/p.csv
