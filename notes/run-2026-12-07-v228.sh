#!/usr/bin/env bash
# v228 (thirty-ninth session): two-stage 32-row tiles (`bm32_k1024_s2`, four consumer warps,
# and `bm32_k1024_s2_w8`, eight), whose 57 KiB of shared memory let three blocks share an SM
# (the four-stage tiles: two), so that under --pdl the next grid's blocks can be resident and
# request their `a` while this one's finish. Any card (an H100 is fine for the question).
# Carry ["target/exp-s2x"] (the branch's CLI and `gpu` test binary, xz).
set -u
E=/tmp/exp-s2; mkdir -p $E; tar -C $E -xJf target/exp-s2x/exp-s2.tar.xz; R=/tmp/v228; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v228.tgz v228; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_REQUIRE_GPU=1 timeout 120 $E/gpu --test-threads=1 every_variant every_entry_point tiled_layout_matches programmatic 2>&1 | grep -E "^test |test result|panicked" | tee $R/test.log
echo "tests at ${SECONDS}s"; pack
S="7168,2048,1;4096,2048,1;14336,2048,1;3072,2048,1;7168,2048,4;4096,4096,1;7168,3072,1"
V=nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s2_w8,nvfp4_gemv_bm32_k1024_s2
b() { local n=$1; shift; timeout 100 $E/nvfp4-gemv "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s"; grep -E "^nvfp4|ceiling" $R/$n.log | awk '{print $1, $3, $5, $9, $10, $NF}' | sed 's/nvfp4_gemv_//'; pack; }
b pdl-auto-1 --pdl bench --replays 20 --shapes "$S"
b pdl-var-1 --pdl bench --replays 20 --shapes "$S" --variant $V
b pdl-pf2 --pdl --pdl-prefetch 2 bench --replays 20 --shapes "$S" --variant $V
b pdl-tiled --pdl --a-layout tiled bench --replays 20 --shapes "$S" --variant $V
b pdl-var-2 --pdl bench --replays 20 --shapes "$S" --variant $V
b plain-var --a-layout tiled bench --replays 20 --shapes "$S" --variant $V
echo "=== done at ${SECONDS}s"; pack
