#!/usr/bin/env bash
# v240 (fortieth session): on an H200, v233 (the GPU truth of main and the table of record,
# A B B A). On any other card, the residency experiment: main's `bm32_k1024_s2_w8` (68
# registers, three blocks per SM) against the same PTX with launch bounds (288, 4) on it and
# its tiled twin (56 registers by the wheel's ptxas, with spills; four blocks per SM, so two
# grids of up to two blocks per SM fit side by side under --pdl), --pdl, B C C B.
# Carry ["target/bundle", "target/exp-s2x"] (lb4-bundle.tar.xz: branch exp-s2w8-lb4).
set -u
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then exec bash notes/run-2026-12-07-v233.sh; fi
mkdir -p /tmp/br /tmp/c && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/c -xJf target/exp-s2x/lb4-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; C=/tmp/c/bundle/bin/nvfp4-gemv; R=$OUT/v240; mkdir -p $R; SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
S="5120,2048,1;6144,2048,1;6656,2048,1;7168,2048,1;7680,2048,1;8192,2048,1;8448,2048,1;4608,2048,2;7168,1024,1;8192,1024,1"
V="3072,2048,1;4224,2048,1;5120,2048,1;6144,2048,1;7168,2048,1"
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $1, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"; }
b auto-B1 $B --pdl bench --replays 20 --shapes "$S"
b auto-C1 $C --pdl bench --replays 20 --shapes "$S"
b auto-C2 $C --pdl bench --replays 20 --shapes "$S"
b auto-B2 $B --pdl bench --replays 20 --shapes "$S"
b w8-B $B --pdl bench --replays 20 --shapes "$V" --variant nvfp4_gemv_bm32_k1024_s2_w8
b w8-C $C --pdl bench --replays 20 --shapes "$V" --variant nvfp4_gemv_bm32_k1024_s2_w8
echo "=== done at ${SECONDS}s"
