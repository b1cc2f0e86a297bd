#!/usr/bin/env bash
# v248 (forty-first session; prepared, not run): does four blocks per SM of
# `bm32_k1024_s2_w8` lose by its residency or by the `--pdl` trigger the host then picks (after
# the loads, as the GPU holds two grids)? v247's H (h-bundle.tar.xz: wgmma in two groups +
# launch bounds (288, 4)) and HH (hh-bundle.tar.xz: wgmma in two groups only) against main's
# kernel (B, branch-bundle.tar.xz), --pdl with the trigger forced to `start`, then to
# `loads`, B H HH HH H B, on the two-stage band's row-major shapes. Any card; about 60 s.
# Build h/hh bundles from notes/experiment-2026-12-07-wgmma-halves-lb4.patch (HH: its gemv.rs
# part). Carry ["target/exp-s2x"].
set -u
for x in br h hh; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/h -xJf target/exp-s2x/h-bundle.tar.xz && tar -C /tmp/hh -xJf target/exp-s2x/hh-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; H=/tmp/h/bundle/bin/nvfp4-gemv; J=/tmp/hh/bundle/bin/nvfp4-gemv
S="6656,2048,1;7168,2048,1;8192,2048,1;9216,2048,1;7168,1024,1;4608,2048,2;9216,1280,1"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
$B --help 2>&1 | grep -A1 -- "--pdl-trigger" | head -2
for t in start loads; do for v in B H J J H B; do eval X=\$$v
  echo "$t $v: $(timeout 60 $X --pdl --pdl-trigger $t bench --replays 20 --shapes "$S" 2>&1 | grep -E '^nvfp4' | awk '{print $5, $NF}' | tr '\n' ' ')"; done; done
