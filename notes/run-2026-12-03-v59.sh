#!/usr/bin/env bash
# v59 (2026-12-03, ninth session): do the evict-first hints leave other lines (sfa, b) in the L2 from one
# launch of the bench's rotation to the next? ncu with --cache-control none (the L2 as the bench leaves
# it), GEMV and read-only launches of the (7168,16384,1) bench, the committed build against base (29185a1).
B=target/bundle/bin
M=dram__bytes_read.sum,lts__t_sector_op_read_hit_rate.pct,gpu__time_duration.sum
for bin in nvfp4-gemv nvfp4-gemv-base; do
  for k in nvfp4_gemv read_ceiling; do
    echo "=== $bin $k"
    timeout 150 ncu --cache-control none --clock-control none --kernel-name regex:$k --launch-skip 60 --launch-count 4 --metrics $M \
      $B/$bin bench --shapes 7168,16384,1 --replays 3 2>&1 | grep -E "dram__bytes_read|hit_rate|duration|\(.*\)x\("
  done
done
