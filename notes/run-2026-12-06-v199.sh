#!/usr/bin/env bash
# v199 (2026-12-06 UTC, thirtieth session): why the one-producer 32-row tiles lost 1-3% on
# long K in run v198 when `b`/`sfb` got their own mbarrier. Three CLI binaries:
#   N = run v198's (`b_full`, `b` issued before `a`, the one-producer refill right after the
#       consumers' release), A = N but the one-producer refill of tile kt-1's stage still waits
#       for tile kt's `a` (as before v198), O = main at ba5482f.
# A: every GPU test (A's test binaries, NVFP4_REQUIRE_GPU=1), 40 + 40 differential cases and
# the four sanitizers first; then each binary on the automatic choice and four entry points,
# seven shapes, --pdl and plain, two rounds in opposite orders (results re-packed into $OUT
# after every step).
set -u
D=$PWD/target/bundle/bin
R=/tmp/v199/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v199 -czf $OUT/v199.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
export NVFP4_REQUIRE_GPU=1 NVFP4_CLI=$D/nvfp4-gemv-A
for t in target/bundle/tests/*; do
  echo "=== A $(basename $t)" | tee -a $R/test.log
  timeout 200 $t --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked|SKIP" | head -20 | tee -a $R/test.log
done
echo "A tests at ${SECONDS}s" | tee -a $R/test.log
for x in A; do
  { echo "=== $x fuzz"; timeout 60 $D/nvfp4-gemv-$x fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv-$x --pdl fuzz --cases 40 2>&1 | tail -1; } | tee -a $R/test.log
  for launch in "" --pdl; do for tool in memcheck racecheck synccheck initcheck; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 $D/nvfp4-gemv-$x $launch sanitize-cases > $R/san-$x-$tool$launch.log 2>&1 || echo "FAILED $x $tool $launch" | tee -a $R/test.log
    grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" $R/san-$x-$tool$launch.log | sed "s/^/$x $tool $launch /" | tee -a $R/test.log
  done; done
  echo "at ${SECONDS}s" | tee -a $R/test.log
done
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm16_k512_s4_p2"
step() {
  if [ $2 = N ]; then bin=$D/nvfp4-gemv; elif [ $2 = O ]; then bin=$D/nvfp4-gemv-old; else bin=$D/nvfp4-gemv-$2; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$* at ${SECONDS}s" | tee -a $R/test.log
  pack
}
for x in N A O; do step pdl $x 1; done
for x in N A O; do step plain $x 1; done
for x in O A N; do step pdl $x 2; done
for x in O A N; do step plain $x 2; done
echo "=== done at ${SECONDS}s"
