#!/usr/bin/env bash
# v50: DRAM and L2 traffic of one launch of the bare pipeline (NVFP4_DIAG=8) and of the full kernel on (7168,16384,1).
B=target/bundle/bin
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sector_op_read_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex_op_read.sum"
for d in 8 0; do
  echo "=== diag $d"
  NVFP4_DIAG=$d timeout 120 ncu --clock-control none -k regex:nvfp4_gemv -c 1 --metrics "$M" $B/nvfp4-gemv-sens check 7168,16384,1 2>&1 | grep -E "nvfp4_gemv_|duration|dram|lts" | head -10
done | tee $OUT/ncu-v50.txt
