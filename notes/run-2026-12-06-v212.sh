#!/usr/bin/env bash
# v212 (thirty-fourth session), on the H200 of v211 while it was still held, with v211's bundle:
# the stream-K twin against the automatic choice of that bundle (band from 6 row tiles per SM)
# on shapes of 4.2 to 5.8 row tiles per SM, K = 7168 and 14336-16384, --pdl, one round.
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || exit 3; D=$PWD/target/bundle/bin; mkdir -p $OUT/r; timeout 60 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "12288,7168,1;10240,7168,1;6144,7168,2;2560,7168,4;9216,16384,1;8960,16384,1;4608,14336,2" --variant auto,nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $OUT/r/gap2.csv > $OUT/r/gap2.log 2>&1; echo rc $? at $SECONDS s; grep -hE "^nvfp4|ceiling" $OUT/r/gap2.log
