#!/usr/bin/env bash
# v192 (2026-12-05, twenty-eighth session): launch bounds (.maxntid 160 / .minnctapersm 8) on
# bm16_k512_s4_persist (48 registers, no spill: eight blocks per SM instead of seven; its
# persistent rounds bounded by `total`). Every GPU test with NVFP4_REQUIRE_GPU=1, 40 + 40
# differential cases, the four sanitizers (plain and --pdl, with the persistent case); then the
# new binary (bin/nvfp4-gemv) against the previous one (bin/nvfp4-gemv-old, main at 0955f9e),
# two rounds in opposite orders: --pdl at 9.7...19.4 row tiles per SM (new: automatic choice,
# row-major bm16_k512_s4_p2, the twin; old: the twin), plain on long K (new: tiled
# bm16_k512_s4, the twin; old: the twin). Then a probe for the one-wave 32-row grids: M from
# 4224 (one block per SM) to 10560 at K = 16384, --pdl, bm32_k1024_s4_w8_tiled, K not split
# (does the time grow with M below 264 blocks = two per SM?). Then the five shapes both ways.
set -u
B=target/bundle/bin/nvfp4-gemv
O=target/bundle/bin/nvfp4-gemv-old
mkdir -p $OUT/r
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -1; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -1; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
timeout 200 target/bundle/run.sh sanitize > $OUT/r/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $OUT/r/sanitize.log | tee -a $OUT/r/test.log; echo "sanitize at ${SECONDS}s"
P="20480,2048,1;12288,2048,2;8192,3072,3;13824,2048,2;7168,2048,4;7680,2560,4;2048,2048,16;8192,2048,5"
Q="4096,7168,8;7168,2048,4;14336,7168,1"
T=nvfp4_gemv_bm16_k512_s4_persist
for r in 1 2; do
  if [ $r = 1 ]; then ORDER="new old"; else ORDER="old new"; fi
  for n in $ORDER; do
    if [ $n = new ]; then bin=$B; VP="auto,nvfp4_gemv_bm16_k512_s4_p2,$T"; VQ="nvfp4_gemv_bm16_k512_s4_tiled,$T"; else bin=$O; VP=$T; VQ=$T; fi
    timeout 90 $bin --pdl bench --replays 20 --shapes "$P" --variant "$VP" --csv $OUT/r/pdl-$n-$r.csv > $OUT/r/pdl-$n-$r.log 2>&1 || echo "FAILED pdl $n $r"
    timeout 90 $bin bench --replays 20 --shapes "$Q" --variant "$VQ" --csv $OUT/r/plain-$n-$r.csv > $OUT/r/plain-$n-$r.log 2>&1 || echo "FAILED plain $n $r"
    echo "round $r $n at ${SECONDS}s"
  done
done
M="4224,16384,1;5632,16384,1;7168,16384,1;7680,16384,1;8448,16384,1;9856,16384,1;10560,16384,1"
timeout 120 $B --pdl bench --replays 20 --splits off --shapes "$M" --variant nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $OUT/r/msweep-pdl.csv > $OUT/r/msweep-pdl.log 2>&1 || echo "FAILED msweep"
echo "msweep at ${SECONDS}s"
timeout 100 $B --pdl bench --csv $OUT/r/record-pdl.csv --svg $OUT/r/record-pdl.svg > $OUT/r/record-pdl.log 2>&1
timeout 100 $B bench --csv $OUT/r/record-plain.csv --svg $OUT/r/record-plain.svg > $OUT/r/record-plain.log 2>&1
cat $OUT/r/msweep-pdl.log $OUT/r/record-pdl.log $OUT/r/record-plain.log | grep -E "^nvfp4|ceiling"
tar -C $OUT -czf $OUT/v192.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
