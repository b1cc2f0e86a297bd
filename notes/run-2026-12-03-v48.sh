#!/usr/bin/env bash
# v48: spread of the SMs' busy time (ncu sm__cycles_active min/avg/max), bare pipeline (NVFP4_DIAG=8) and full kernel,
# one launch of the per-shape entry point (diagnostic build notes/diag-2026-12-03-v44-sensitivity.patch).
B=target/bundle/bin
M="gpu__time_duration.sum,sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,dram__throughput.avg.pct_of_peak_sustained_elapsed"
for shape in 7168,16384,1 6336,16384,1 4096,7168,8; do
  for d in 8 0; do
    echo "=== $shape diag $d"
    NVFP4_DIAG=$d timeout 120 ncu --clock-control none -k regex:nvfp4_gemv -c 1 --metrics "$M" $B/nvfp4-gemv-sens check $shape 2>&1 | grep -E "nvfp4_gemv_|duration|cycles|dram" | head -8
  done
done | tee $OUT/ncu-v48.txt
