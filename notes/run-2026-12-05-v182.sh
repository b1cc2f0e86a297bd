#!/usr/bin/env bash
# v182 (prepared in the twenty-fourth session, not run: no device machine could be started):
# for a rule on the tiled layout, the --pdl sweep both ways and a plain held-out set both ways.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
timeout 280 $B --pdl --a-layout both bench --shapes sweep --replays 20 --csv $OUT/r/sweep-pdl-both.csv > $OUT/r/sweep-pdl-both.log 2>&1; echo rc $?
timeout 200 $B --a-layout both bench --shapes "1024,4096,1;2048,8192,1;8192,4096,1;12288,12288,1;3072,20480,1;2048,6144,8;6144,10240,4;16384,3072,2" --replays 20 --csv $OUT/r/heldout-plain-both.csv > $OUT/r/heldout.log 2>&1; echo rc $?
tar -C $OUT -czf $OUT/v182.tgz r && rm -rf $OUT/r
