#!/usr/bin/env bash
# v51: TMA box shapes against plain loads, bare streaming (notes/microbench-2026-12-03-v51-tma-boxes.cu).
nvcc -O3 -arch=sm_90a -o /tmp/tma_boxes notes/microbench-2026-12-03-v51-tma-boxes.cu -lcuda 2>&1 | tail -3
timeout 200 /tmp/tma_boxes | tee $OUT/microbench-v51.txt
