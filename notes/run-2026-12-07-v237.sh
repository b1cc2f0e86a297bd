#!/usr/bin/env bash
# v237 (thirty-ninth session), as run (one command on a warm H100): the four-warp two-stage
# tiles' upper edge at K = 2048 (12.1 and 12.6 row tiles of 16 per SM) and K = 1024 below the
# band (1.9, 2.4), main (dd0afca) automatic choice against the two-stage variants, --pdl,
# auto, four warps tiled, eight warps, auto. Carry ["target/exp-s2x"].
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv; S="25600,2048,1;26624,2048,1;13312,2048,2;4096,1024,1;5120,1024,1"; for x in auto w4t w8 auto2; do case $x in auto|auto2) a="";; w4t) a="--variant nvfp4_gemv_bm32_k1024_s2";; w8) a="--variant nvfp4_gemv_bm32_k1024_s2_w8";; esac; L=""; [ $x = w4t ] && L="--a-layout tiled"; $B --pdl $L bench --replays 20 --shapes "$S" $a --csv $OUT/v237-$x.csv > $OUT/v237-$x.log 2>&1; echo "$x: $(grep -E '^nvfp4' $OUT/v237-$x.log | awk '{print $1, $5, $NF}' | sed 's/nvfp4_gemv_//' | tr '\n' ' ')"; done
