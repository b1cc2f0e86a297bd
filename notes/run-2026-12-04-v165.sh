#!/usr/bin/env bash
# v165 (2026-12-04, twenty-second session): why the FP8 route's first kernel (v164) is slower:
# ncu occupancy / scheduler / warp-state sections on (7168,16384,1), old and new binaries, and
# the new kernel's per-instruction stall reasons (source counters). Logs -> $OUT.
set -u
for v in old new; do
  B=target/bundle/bin/nvfp4-gemv; [ $v = old ] && B=target/bundle-old/bin/nvfp4-gemv
  timeout 150 ncu --clock-control none --section Occupancy --section SchedulerStats --section WarpStateStats --section LaunchStats \
    --kernel-name regex:nvfp4_gemv_bm --launch-count 1 $B check 7168,16384,1 > $OUT/ncu-$v.txt 2>&1; echo "ncu $v rc $?"
done
timeout 200 ncu --clock-control none --section SourceCounters --kernel-name regex:nvfp4_gemv_bm --launch-count 1 \
  -o $OUT/v165 target/bundle/bin/nvfp4-gemv check 7168,16384,1 > $OUT/ncu-src.log 2>&1; echo "ncu src rc $?"
ncu -i $OUT/v165.ncu-rep --page source --csv --print-source sass > $OUT/ncu-src.csv 2>&1; echo "page rc $?"
rm -f $OUT/v165.ncu-rep
grep -E "Duration|Registers|Achieved Occupancy|Theoretical Occupancy|Block Limit|Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per" $OUT/ncu-old.txt $OUT/ncu-new.txt
