#!/usr/bin/env bash
# v190 (2026-12-05, twenty-sixth session): persistent twins against the automatic choice, the
# five shapes and held-out multi-wave shapes with short and medium K, plain and --pdl, two
# rounds (auto first, then persistent first). Producer address arithmetic simplified since
# v189 (PTX of the persistent twins only).
set -u
B=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/r/device.txt
{ echo "=== persistent test"; timeout 120 target/bundle/tests/gpu gemv_persistent --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked" | tail -3; echo "at ${SECONDS}s"; } | tee $OUT/r/test.log
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;4096,2048,8;14336,2048,8;8192,2048,2;16384,2048,4;2048,4096,8;7168,3072,4;28672,2048,1;4096,4096,4;12288,2048,8;4096,3072,8"
P="nvfp4_gemv_bm16_k512_s4_persist,nvfp4_gemv_bm16_k512_s4_p2_persist,nvfp4_gemv_bm16_k1024_s4_w8_p2_persist"
for mode in pdl plain; do
  f=""; [ $mode = pdl ] && f="--pdl"
  for r in "1 auto,$P" "2 $P,auto"; do
    set -- $r
    timeout 200 $B $f bench --replays 20 --shapes "$S" --variant "$2" --csv $OUT/r/bench-$mode-$1.csv > $OUT/r/bench-$mode-$1.log 2>&1 || echo "FAILED $mode $1"
    echo "$mode $1 at ${SECONDS}s"
  done
done
grep -h ceiling $OUT/r/bench-*.log
tar -C $OUT -czf $OUT/v190.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
