#!/usr/bin/env bash
# v70 (2026-12-03, tenth session): does staggering a block's first requests shorten the wait for its first stage
# (2.2-3.3 us in the v28 timeline, while the whole GPU's first 4 stages, ~19 MB, compete)? Diagnostic CLI built from
# the final tree plus notes/diag-2026-12-03-v70-stagger.patch: NVFP4_DIAG=255: the first tile alone, the others once
# it has landed (plain launches only); NVFP4_DIAG=n: the first tiles' requests 32n ns apart. The bench checks
# every run against the CPU reference.
set -u
B=target/bundle/bin
for d in 0 255 4 8 16 32 0 255 8; do
  echo "=== diag $d"; NVFP4_DIAG=$d $B/nvfp4-gemv-stagger bench --replays 30 2>&1 | grep -E "^nvfp4|ceiling"
done
for d in 0 8 16 0; do
  echo "=== --pdl diag $d"; NVFP4_DIAG=$d $B/nvfp4-gemv-stagger bench --replays 30 --pdl 2>&1 | grep -E "^nvfp4|ceiling"
done
