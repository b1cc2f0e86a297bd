#!/usr/bin/env bash
# v42: swizzled a for 512-byte stage rows (bk 1024) vs same binary unswizzled vs committed 4ea26b9
B=target/bundle/bin
for r in 1 2; do
  echo "=== swizzle run $r"; timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/b$r-swz.csv 2>&1 | tail -6
  echo "=== no swizzle run $r"; NVFP4_NO_SWIZZLE=1 timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/b$r-noswz.csv 2>&1 | tail -5
  echo "=== base run $r"; timeout 100 $B/nvfp4-gemv-base bench --replays 30 --csv $OUT/b$r-base.csv 2>&1 | tail -5
done
cat $OUT/b?-*.csv > $OUT/bench.csv; rm -f $OUT/b?-*.csv
echo "=== tests"; NVFP4_TEST_TIMEOUT=200 bash target/bundle/run.sh test > $OUT/test.log 2>&1; echo "test rc $?"; grep -E "test result|FAILED|panicked" $OUT/test.log | head -20
echo "=== fuzz"; timeout 100 $B/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; timeout 100 $B/nvfp4-gemv --pdl fuzz --cases 40 --seed 7 2>&1 | tail -1
