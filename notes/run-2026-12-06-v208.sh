#!/usr/bin/env bash
# v208 (thirty-third session): one call on an H200 (exit 3 on any other card) that runs, in
# order of value, what runs v206 and v204 were prepared for:
#  1. the five-shape table of record with main (--pdl, then plain);
#  2. every GPU test, 40 + 40 differential cases;
#  3. the one-wave grid's M sweep (bm32_k1024_s4_w8_tiled, K = 16384, --pdl; run v192's on an
#     H100): does a full wave (264 blocks) stream much nearer the ceiling than the 224 blocks
#     of (7168,16384,1) on the H200, i.e. is the busiest SM's share (64 rows against a mean of
#     54.3) what holds that shape at 1.19x the read-only kernel?
#  4. the stream-K twin with its launch bounds (notes/experiment-2026-12-05-stream-k.patch on
#     main, bin/nvfp4-gemv-sk; on the H200 it last ran at one block per SM, run v195): its GPU
#     test, then --pdl against the tiled twin and the automatic choice, with and without its
#     fix-up (NVFP4_STREAM_K_NO_FIXUP=1: wrong results, timing only), one round;
#  5. the four sanitizers, plain and --pdl;
#  6. the --pdl band of the thirty-second session against its old pick and the tiled twin,
#     one round (v206's shapes);
#  7. if time is left: early release (E, bin/nvfp4-gemv-exp) against main, --pdl, two rounds in
#     opposite orders.
# The extra binaries (E, stream-K, ba5482f's CLI, the stream-K GPU tests) come as
# target/bundle/extra.tar.xz. Build (about 6 minutes on two cores):
#   cargo xtask build-ptx && cargo xtask bundle
#   rm -rf target/bundle/benches target/bundle/tests/host; strip target/bundle/bin/* target/bundle/tests/*
#   for each of O = ba5482f, E = main + notes/experiment-2026-12-06-early-release.patch,
#   SK = main + notes/experiment-2026-12-06-stream-k-on-main.patch: git archive into /tmp/X,
#   patch, CARGO_TARGET_DIR=/tmp/X-target cargo build --release -p host --bins (SK also
#   cargo test --release -p host --test gpu --no-run); copy the CLIs as nvfp4-gemv-old,
#   nvfp4-gemv-exp, nvfp4-gemv-sk and SK's test binary as gpu-sk into one folder, strip them,
#   tar -C that-folder -cJf target/bundle/extra.tar.xz .   (carry ["target/bundle"], ~34 MB)
# Results re-packed into $OUT after every step.
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin
R=/tmp/v208/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v208 -czf $OUT/v208.tgz r; }
tar -C $D -xJf target/bundle/extra.tar.xz
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
timeout 50 $D/nvfp4-gemv --pdl bench --csv $R/record-pdl.csv --svg $R/record-pdl.svg > $R/record-pdl.log 2>&1
timeout 50 $D/nvfp4-gemv bench --csv $R/record-plain.csv --svg $R/record-plain.svg > $R/record-plain.log 2>&1
grep -hE "^nvfp4|ceiling" $R/record-pdl.log $R/record-plain.log
echo "record at ${SECONDS}s"; pack
{ NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } > $R/test.log
{ timeout 60 $D/nvfp4-gemv fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv --pdl fuzz --cases 40 2>&1 | tail -1; } >> $R/test.log
grep -E "test result|FAILED|passed|rc" $R/test.log; pack
M="4224,16384,1;5632,16384,1;7168,16384,1;7680,16384,1;8448,16384,1;9856,16384,1;10560,16384,1"
timeout 120 $D/nvfp4-gemv --pdl bench --replays 20 --splits off --shapes "$M" --variant nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/msweep-pdl.csv > $R/msweep-pdl.log 2>&1 || echo "FAILED msweep"
grep -E "^nvfp4|ceiling" $R/msweep-pdl.log
echo "msweep at ${SECONDS}s"; pack
NVFP4_REQUIRE_GPU=1 timeout 90 $D/gpu-sk --test-threads=1 stream_k > $R/stream-test.log 2>&1; grep -E "test result|FAIL|panicked" $R/stream-test.log
S="7168,16384,1;14336,16384,1;4096,7168,8;8448,16384,1"
timeout 60 $D/nvfp4-gemv-sk --pdl bench --replays 20 --shapes "$S" --variant auto,nvfp4_gemv_bm32_k1024_s4_w8_tiled,nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $R/sk-pdl.csv > $R/sk-pdl.log 2>&1 || echo "FAILED sk"
NVFP4_STREAM_K_NO_FIXUP=1 timeout 60 $D/nvfp4-gemv-sk --pdl bench --replays 20 --shapes "$S" --variant nvfp4_gemv_bm32_k1024_s4_w8_stream --csv $R/sknf-pdl.csv > $R/sknf-pdl.log 2>&1 || echo "FAILED sknf"
grep -hE "^nvfp4|EXPERIMENT" $R/sk-pdl.log $R/sknf-pdl.log | sort -u
echo "stream-K at ${SECONDS}s"; pack
timeout 120 target/bundle/run.sh sanitize > $R/sanitize.log 2>&1; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|FAILED" $R/sanitize.log | tee -a $R/test.log
echo "sanitize at ${SECONDS}s"; pack
H="2048,10240,4;4096,10240,2;8192,5120,1;8192,12288,1;10240,10240,1;12288,6144,1;6144,8192,2;3072,20480,4;1536,24576,8;16384,4096,1;2048,12288,8;2560,9216,8;1024,7168,8;1024,14336,8;10240,8192,1;14336,14336,1;14336,28672,1"
V="auto,nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
timeout 150 $D/nvfp4-gemv --pdl bench --replays 20 --shapes "$H" --variant "$V" --csv $R/band-pdl-1.csv > $R/band-pdl-1.log 2>&1 || echo "FAILED band"
echo "band at ${SECONDS}s"; pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
step() {  # binary round
  if [ $1 = E ]; then bin=$D/nvfp4-gemv-exp; else bin=$D/nvfp4-gemv; fi
  [ $SECONDS -lt 500 ] || { echo "skip $*: ${SECONDS}s"; return; }
  timeout 60 $bin --pdl bench --replays 20 --shapes "$S" --variant "$V" --csv $R/pdl-$1-$2.csv > $R/pdl-$1-$2.log 2>&1 || echo "FAILED $*"
  echo "pdl $1 $2 at ${SECONDS}s"; pack
}
step E 1; step A 1; step A 2; step E 2
echo "=== done at ${SECONDS}s"
