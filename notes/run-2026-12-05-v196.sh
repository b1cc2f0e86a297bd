#!/usr/bin/env bash
# v196 (2026-12-05, twenty-eighth session): v195 again with launch bounds on the stream-K twin (.maxntid 288, .minnctapersm 2: v195 showed its grid at one block per SM); where the stream-K twin loses (the stream-K patch plus
# two experiment-only switches: NVFP4_STREAM_K_GRID=N caps its grid, NVFP4_STREAM_K_NO_FIXUP=1
# stores cut row tiles' partial sums as if whole: wrong results, timing only). On four shapes,
# --pdl and plain, two rounds in opposite orders: the tiled twin; stream-K at 264 blocks; the
# same without fix-up; at 224 blocks (for (7168,16384,1) and (7168,2048,1) whole row tiles, the
# tiled twin's schedule in the stream-K code); at 250 blocks (free slots under PDL).
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
NVFP4_REQUIRE_GPU=1 timeout 90 target/bundle/tests/gpu stream_k --nocapture > $OUT/r/stream-test.log 2>&1; grep -E "test result|FAIL|panicked" $OUT/r/stream-test.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
S="7168,16384,1;4096,7168,1;7168,2048,1;8448,16384,1"
T=nvfp4_gemv_bm32_k1024_s4_w8_tiled
K=nvfp4_gemv_bm32_k1024_s4_w8_stream
run() { # name mode env... 
  local name=$1 mode=$2; shift 2
  local f=""; [ $mode = pdl ] && f="--pdl"
  local v=$K; [ $name = tiled ] && v=$T
  env "$@" timeout 60 $B $f bench --replays 20 --shapes "$S" --variant $v --csv $OUT/r/$name-$mode-$r.csv > $OUT/r/$name-$mode-$r.log 2>&1 || true
}
for r in 1 2; do
  if [ $r = 1 ]; then ORDER="tiled sk sknf sk224 sk250"; else ORDER="sk250 sk224 sknf sk tiled"; fi
  for mode in pdl plain; do
    for n in $ORDER; do
      case $n in
        tiled|sk) run $n $mode X=1 ;;
        sknf) run $n $mode NVFP4_STREAM_K_NO_FIXUP=1 ;;
        sk224) run $n $mode NVFP4_STREAM_K_GRID=224 ;;
        sk250) run $n $mode NVFP4_STREAM_K_GRID=250 ;;
      esac
    done
    echo "$mode $r at ${SECONDS}s"
  done
done
for f in $OUT/r/*-pdl-1.log; do echo "== $f"; grep -E "^nvfp4|EXPERIMENT" $f | sort -u; done
tar -C $OUT -czf $OUT/v196.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
