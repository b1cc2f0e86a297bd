#!/usr/bin/env bash
# v247 (forty-first session): the FP8 route's four `wgmma` of a pass in two commit groups of
# two (`block_sums` waits after each pair, so only two words of decoded `a` are live: 68 -> 64
# registers in `bm32_k1024_s2_w8`), alone (HH, hh-bundle.tar.xz) and with launch bounds
# (288, 4) on `bm32_k1024_s2_w8` (H, h-bundle.tar.xz: 56 registers, 20 bytes spilled, outside
# the inner loop; v240's bounds alone spilled 140), against main's kernel (B,
# branch-bundle.tar.xz). --pdl table of record, ten small grids and the two-stage band, in the
# order B H HH HH H B; plain table; then H's GPU tests and fuzz. Any card.
# Patches: notes/experiment-2026-12-07-wgmma-halves-lb4.patch (H; HH is its gemv.rs part).
# Carry ["target/bundle", "target/exp-s2x"].
set -u
for x in br h hh; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/h -xJf target/exp-s2x/h-bundle.tar.xz && tar -C /tmp/hh -xJf target/exp-s2x/hh-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; H=/tmp/h/bundle/bin/nvfp4-gemv; J=/tmp/hh/bundle/bin/nvfp4-gemv; R=/tmp/v247; mkdir -p $R; START=$SECONDS
pack() { tar -C /tmp -czf $OUT/v247.tgz v247; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at $((SECONDS-START))s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2;4096,14336,1;14336,7168,1"
D="6656,2048,1;8192,2048,1;11008,2048,1;12800,2048,1;15360,2048,1;1792,2048,8;9216,1280,1;12288,1792,1"
for v in B H J J H B; do r=1; [ -e $R/rec-${v}1.csv ] && r=2; eval X=\$$v
  b rec-$v$r $X --pdl bench --shapes bench; b small-$v$r $X --pdl bench --replays 20 --shapes "$S"; b band-$v$r $X --pdl bench --replays 20 --shapes "$D"; done
b plain-B $B bench --shapes bench
b plain-H $H bench --shapes bench
NVFP4_TEST_TIMEOUT=150 /tmp/h/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
{ timeout 60 $H --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $H fuzz --cases 60 2>&1 | tail -1; timeout 40 $J --pdl fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "=== done at $((SECONDS-START))s"; pack
