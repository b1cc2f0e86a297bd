#!/usr/bin/env bash
# v46: the bare pipeline (NVFP4_DIAG=8, diagnostic build notes/diag-2026-12-03-v44-sensitivity.patch) on
# (M,16384,1) with M = 6336 (1.5 blocks of 32 rows per SM), 7168 (1.7), 8448 (2.0), three entry points.
B=target/bundle/bin
V=nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm16_k1024_s4_w8,nvfp4_gemv_bm16_k512_s4
S="6336,16384,1;7168,16384,1;8448,16384,1"
echo "=== pipe only"; NVFP4_DIAG=8 timeout 150 $B/nvfp4-gemv-sens bench --shapes "$S" --variant $V --replays 30 --csv $OUT/p.csv 2>&1 | grep -E "^nvfp4|ceiling"
echo "=== full"; NVFP4_DIAG=0 timeout 150 $B/nvfp4-gemv-sens bench --shapes "$S" --variant $V --replays 30 --csv $OUT/f.csv 2>&1 | grep -E "^nvfp4|ceiling"
{ sed "1!s/^/pipe-only,/;1s/^/run,/" $OUT/p.csv; sed "1d;s/^/full-diag-binary,/" $OUT/f.csv; } > $OUT/bench.csv; rm -f $OUT/p.csv $OUT/f.csv
