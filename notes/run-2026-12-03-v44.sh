#!/usr/bin/env bash
# v44: sensitivity of the full kernel to its arithmetic (diagnostic build, notes/diag-2026-12-03-v44-sensitivity.patch):
# NVFP4_DIAG bit 0 arithmetic only (no copies, no waits), bit 1 half the rows' arithmetic (bm32 entry only),
# bit 2 no decode (raw words into the IMMA). Results are wrong by construction except diag 0.
B=target/bundle/bin
for d in 0 2 4 6 1 3 5 7; do
  echo "=== diag $d"; NVFP4_DIAG=$d timeout 100 $B/nvfp4-gemv-sens bench --replays 30 --csv $OUT/s$d.csv 2>&1 | tail -6
done
echo "=== committed"; timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/s9.csv 2>&1 | tail -6
for d in 0 2 4 6 1 3 5 7 9; do sed "1!s/^/diag$d,/;1s/^/run,/" $OUT/s$d.csv | { if [ $d = 0 ]; then cat; else tail -n +2; fi; }; done > $OUT/bench.csv; rm -f $OUT/s?.csv
