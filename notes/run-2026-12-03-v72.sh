#!/usr/bin/env bash
# v72 (2026-12-03, tenth session): where the GEMV's bare pipeline (NVFP4_DIAG=8) spends the ~7% it takes over the
# v65 model of its stage protocol. Diagnostic CLI built from the final tree (a's map without L2 promotion) plus
# notes/diag-2026-12-03-v72-bare-pipeline-bisect.patch; NVFP4_DIAG bits: 8 no arithmetic, 16 no prologue extras
# (tensor-map prefetch, zero slots), 32 no epilogue (no partial sums, no block barrier, no store: the check fails),
# 64 consumers wait on `ready` only, 128 no preparation of `b`. Two passes over the list.
set -u
B=target/bundle/bin
for pass in 1 2; do
  for d in 0 8 24 40 72 136 248 96; do
    echo "=== pass $pass diag $d"; NVFP4_DIAG=$d $B/nvfp4-gemv-bisect bench --replays 30 --shapes "7168,16384,1;4096,7168,8;4096,7168,1" 2>&1 | grep -E "^nvfp4" | awk '{print $3, $5, $7, $9}'
  done
done
