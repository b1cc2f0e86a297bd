#!/usr/bin/env bash
# v79 (2026-12-03, eleventh session): why is --pdl 15% slower than plain launches on (4096,7168,1)?
# Diagnostic CLI nvfp4-gemv-pdl (notes/diag-2026-12-03-v79-pdl-trigger.patch): NVFP4_PDL_TRIGGER=early|after
# overrides the host's choice of the PDL trigger point, =show prints it. Plain, --pdl auto/early/after, twice;
# then every entry point with --pdl on the two shapes where --pdl loses.
set -u
B=target/bundle/bin
S="4096,7168,1;7168,2048,4;7168,16384,1"
NVFP4_PDL_TRIGGER=show $B/nvfp4-gemv-pdl --pdl bench --replays 5 --shapes "$S" 2>&1 | grep -E "pdl trigger" | sort | uniq
for pass in 1 2; do
  echo "=== pass $pass plain"; $B/nvfp4-gemv-pdl bench --replays 30 --shapes "$S" 2>&1 | grep -E "^nvfp4" | awk '{print $1, $3, $5, $9, $NF}'
  for t in auto early after; do
    echo "=== pass $pass --pdl trigger $t"; NVFP4_PDL_TRIGGER=$t $B/nvfp4-gemv-pdl --pdl bench --replays 30 --shapes "$S" 2>&1 | grep -E "^nvfp4" | awk '{print $1, $3, $5, $9, $NF}'
  done
done
echo "=== --pdl, every entry point"; timeout 120 $B/nvfp4-gemv-pdl --pdl bench --replays 20 --variant all --shapes "4096,7168,1;7168,2048,4" 2>&1 | grep -E "^nvfp4" | awk '{print $1, $3, $5, $9, $NF}'
