#!/bin/bash
# Run v161 (2026-12-04, twenty-second session): microbenchmark of the FP8 route on the H200.
set -u
cd notes
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/mb160 microbench-2026-12-04-v161-fp8.cu 2>&1 | tail -5
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
/tmp/mb160 | tee $OUT/microbench-v161-output.txt
cuobjdump -sass /tmp/mb160 > $OUT/microbench-v161-sass.txt 2>&1
grep -c . $OUT/microbench-v161-sass.txt
