#!/bin/bash
# Run v163 (2026-12-04, twenty-second session): correctness of the FP8 route's layouts on the H200.
set -u
cd notes
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/check163 microbench-2026-12-04-v163-fp8-layout-check.cu 2>&1 | grep -v C7519 | tail -5
/tmp/check163 | tee $OUT/check-v163-output.txt
compute-sanitizer --tool memcheck /tmp/check163 2>&1 | tail -3
