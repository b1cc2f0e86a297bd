#!/bin/bash
# Run v174 (2026-12-04, twenty-third session): what the bare pipeline loses (microbenchmark, CUDA C++).
set -u
cd notes
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/mb173 microbench-2026-12-04-v174-pipeline.cu -lcuda 2>&1 | tail -5
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
/tmp/mb173 | tee $OUT/microbench-v174-output.txt
cd ..
target/bundle/bin/nvfp4-gemv bench --shapes "7168,16384,1" 2>&1 | tail -3
