#!/bin/bash
# Run v173 (2026-12-04, twenty-third session): where the bytes lie (microbenchmark, CUDA C++).
set -u
cd notes
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/mb173 microbench-2026-12-04-v173-layout.cu -lcuda 2>&1 | tail -5
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
/tmp/mb173 | tee $OUT/microbench-v173-output.txt
