#!/usr/bin/env bash
# v205 (thirty-second session): a held-out check, on whichever card comes, of the candidate band
# for the eight-warp 32-row tiles under --pdl: K >= 4096 and 3 to 8 row tiles (of 16 rows) per
# SM, where runs v198 (H200, kernel N) and v201 (H100, main) both had bm32_k1024_s4_w8(_tiled)
# faster than the rule's pick on (1024,7168,8), (1024,14336,8), (14336,7168,1) and as fast or
# faster on (14336,14336,1), (14336,28672,1). None of the shapes below was in either sweep. The
# automatic choice against both layouts of bm32_k1024_s4_w8, two rounds, 20 replays each.
set -u
D=$PWD/target/bundle/bin
R=/tmp/v205/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v205 -czf $OUT/v205.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
H="2048,10240,4;4096,10240,2;8192,5120,1;8192,12288,1;10240,10240,1;12288,6144,1;6144,8192,2;3072,20480,4;1536,24576,8;16384,4096,1;2048,12288,8;2560,9216,8"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
for r in 1 2; do
  timeout 200 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "$H" --variant "$V" --csv $R/heldout-pdl-$r.csv > $R/heldout-pdl-$r.log 2>&1 || echo "FAILED round $r"
  echo "round $r at ${SECONDS}s"
  pack
done
echo "=== done at ${SECONDS}s"
