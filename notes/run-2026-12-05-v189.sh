#!/usr/bin/env bash
# v189 (2026-12-05, twenty-sixth session): persistent twins (branch persist). The new GPU test
# first, then every GPU test with NVFP4_REQUIRE_GPU=1, 40 + 40 differential cases; then each
# persistent twin against its tiled twin, plain and --pdl, on multi-wave shapes, two rounds in
# opposite orders.
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
{ echo "=== persistent test"; timeout 120 target/bundle/tests/gpu gemv_persistent --test-threads=1 --nocapture 2>&1 | grep -E "equal to|test result|FAILED|panicked" | tail -12; echo "at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee -a $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
S="4096,7168,8;7168,2048,4;4096,2048,8;14336,2048,8;2048,6144,8;16384,3072,2;28672,7168,1;4096,14336,8;14336,7168,1"
T="nvfp4_gemv_bm16_k512_s4_p2_tiled,nvfp4_gemv_bm16_k512_s4_tiled,nvfp4_gemv_bm16_k1024_s4_w8_p2_tiled"
P="nvfp4_gemv_bm16_k512_s4_p2_persist,nvfp4_gemv_bm16_k512_s4_persist,nvfp4_gemv_bm16_k1024_s4_w8_p2_persist"
for mode in plain pdl; do
  f=""; [ $mode = pdl ] && f="--pdl"
  for r in "1 $T,$P" "2 $P,$T"; do
    set -- $r
    timeout 150 $B $f bench --replays 20 --shapes "$S" --variant "$2" --csv $OUT/r/bench-$mode-$1.csv > $OUT/r/bench-$mode-$1.log 2>&1 || echo "FAILED $mode $1"
    echo "$mode $1 at ${SECONDS}s"
  done
  timeout 60 $B $f bench --csv $OUT/r/bench-$mode-auto.csv > $OUT/r/bench-$mode-auto.log 2>&1
done
for f in $OUT/r/bench-*.log; do echo "$f"; grep -E "^nvfp4|ceiling" $f; done
tar -C $OUT -czf $OUT/v189.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
