#!/usr/bin/env bash
# v204 (thirty-second session): NEXT.md's item 3 on an H200 only (exit 3 on any other card),
# meant as the second call on the machine that ran v201. What keeps (7168,16384,1) at 1.19x the
# read-only kernel on the H200:
#  * the time a stage is held by its consumers: main (A, bin/nvfp4-gemv) against the
#    early-release branch (E, notes/experiment-2026-12-06-early-release.patch applied to main,
#    its CLI as bin/nvfp4-gemv-exp), seven shapes, --pdl and plain, two rounds in opposite
#    orders, 20 replays;
#  * the one-wave grid's idle slots: bm32_k1024_s4_w8_tiled at K = 16384, M from one block per
#    SM to past one wave (run v192's M sweep, which ran on an H100).
# Results re-packed into $OUT after every step.
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin
R=/tmp/v204/r
mkdir -p $R
SECONDS=0
pack() { tar -C /tmp/v204 -czf $OUT/v204.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
M="4224,16384,1;5632,16384,1;7168,16384,1;7680,16384,1;8448,16384,1;9856,16384,1;10560,16384,1"
timeout 120 $D/nvfp4-gemv --pdl bench --replays 20 --splits off --shapes "$M" --variant nvfp4_gemv_bm32_k1024_s4_w8_tiled --csv $R/msweep-pdl.csv > $R/msweep-pdl.log 2>&1 || echo "FAILED msweep"
grep -E "^nvfp4|ceiling" $R/msweep-pdl.log
echo "msweep at ${SECONDS}s"
pack
S="7168,16384,1;4096,7168,1;7168,2048,1;4096,7168,8;7168,2048,4;14336,16384,1;1024,28672,1"
V="auto,nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4_w8_tiled"
step() {  # mode binary round
  if [ $2 = E ]; then bin=$D/nvfp4-gemv-exp; else bin=$D/nvfp4-gemv; fi
  if [ $1 = pdl ]; then f=--pdl; else f=; fi
  timeout 100 $bin $f bench --replays 20 --shapes "$S" --variant "$V" --csv $R/$1-$2-$3.csv > $R/$1-$2-$3.log 2>&1 || echo "FAILED $*"
  echo "$1 $2 $3 at ${SECONDS}s"
  pack
}
step pdl E 1; step pdl A 1; step pdl A 2; step pdl E 2
step plain E 1; step plain A 1; step plain A 2; step plain E 2
# E's correctness on this card (its GPU tests ran on an H100 in v202): the differential cases.
{ timeout 60 $D/nvfp4-gemv-exp fuzz --cases 40 2>&1 | tail -1; timeout 60 $D/nvfp4-gemv-exp --pdl fuzz --cases 40 2>&1 | tail -1; } | tee $R/exp-fuzz.log
pack
echo "=== done at ${SECONDS}s"
