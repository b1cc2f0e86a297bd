#!/usr/bin/env bash
# v77 (2026-12-03, eleventh session): is the GEMV latency-bound at low occupancy? (7168,16384,1) runs
# 224 blocks of 9 warps: ~3.8 warps per SM sub-partition. Every entry point with forced K splits 1-4 on
# three shapes (more blocks, more warps in flight, at the cost of the split's reduction), then ncu's
# occupancy and issue figures of the chosen entry point.
set -u
B=target/bundle/bin
for s in 1 2 3 4; do
  echo "=== splits $s"
  timeout 150 $B/nvfp4-gemv bench --replays 20 --splits $s --variant all --shapes "7168,16384,1;4096,7168,8;4096,7168,1" --csv $OUT/splits-$s.csv 2>&1 | grep -E "^nvfp4|ceiling"
done
echo "=== ncu occupancy / issue, (7168,16384,1), chosen entry point"
timeout 120 ncu --clock-control none --section Occupancy --section SchedulerStats --section WarpStateStats --section ComputeWorkloadAnalysis \
  --kernel-name regex:nvfp4_gemv_bm --launch-count 1 $B/nvfp4-gemv check 7168,16384,1 > $OUT/ncu-v77.txt 2>&1; echo "ncu rc $?"
grep -E "Achieved Occupancy|Theoretical Occupancy|Active Warps Per Scheduler|Eligible Warps|Issued Warp|No Eligible|One or More|Issue Slots Busy|Executed Ipc|Warp Cycles Per Issued|Block Limit" $OUT/ncu-v77.txt
