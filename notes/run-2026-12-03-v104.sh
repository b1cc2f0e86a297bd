#!/usr/bin/env bash
# v104 (2026-12-03, fifteenth session): where --pdl loses to plain launches (the v102 sweep
# against plain: (4096,14336,1) +12.8%, (4096,7168,1) +3.6%, (28672,2048,8) +2.8%,
# (14336,2048,8) +1.5%, (1024,28672,1) +0.9%), does another trigger or prefetch win?
# Same bundle as v102. Plain launches first and last (drift), PDL modes in between.
set -u
B=target/bundle/bin/nvfp4-gemv
S="4096,7168,1;4096,14336,1;3072,7168,1;3072,14336,1;2048,14336,1;4096,10240,1;1024,28672,1;14336,2048,8;28672,2048,8;7168,16384,1"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { local name=$1; shift; echo "=== $name"; $B "$@" bench --shapes "$S" --replays 30 --csv $OUT/$name.csv 2>&1 | grep -E "^nvfp4|ceiling|FAIL"; }
run plain-a
run pdl-auto --pdl
run pdl-exit --pdl --pdl-trigger exit
run pdl-exit-pre0 --pdl --pdl-trigger exit --pdl-prefetch 0
run pdl-loads --pdl --pdl-trigger loads
run pdl-pre0 --pdl --pdl-prefetch 0
run plain-b
