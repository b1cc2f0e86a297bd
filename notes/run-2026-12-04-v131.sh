#!/usr/bin/env bash
# v131 (2026-12-04, nineteenth session): small grids under plain launches split within every
# SM (kernel::layout::small_grid_sm_share, PDL keeping half), and no small-grid split below
# K = 3072 (SMALL_GRID_SPLIT_MIN_K, from run v130's three PDL losses at K = 2048). Plain
# launches of the previous commit (old: bd980a0), of run v130's build (mid: half the SMs in
# both modes) and of this build (new), two rounds, on small grids from K = 3072 to 16384;
# PDL old against new on K = 2048 and 3072 (new must equal old at 2048); the GPU tests, fuzz.
set -u
B=target/bundle/bin/nvfp4-gemv; O=target/bundle-old/bin/nvfp4-gemv; M=target/bundle-mid/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
one() { local name=$1; local bin=$2; shift 2; timeout 200 $bin "$@" --replays 30 --csv $OUT/$name.csv > /tmp/$name.log 2>&1 || { echo "FAILED $name"; tail -3 /tmp/$name.log; }; }
S=""; for m in 160 192 256 384 512 640 768 1024; do for k in 3072 4096 6144 8192 12288 16384; do S="$S;$m,$k,1"; done; done; S=${S#;}
for r in a b; do
  t0=$(date +%s)
  one plain-old-$r $O bench --shapes "$S"; one plain-mid-$r $M bench --shapes "$S"; one plain-new-$r $B bench --shapes "$S"
  echo "round $r: $(( $(date +%s) - t0 )) s"
done
P="64,2048,1;128,2048,1;256,2048,1;128,3072,1;192,3072,1;384,3072,1"
one pdl-old-a $O --pdl bench --shapes "$P"; one pdl-new-a $B --pdl bench --shapes "$P"
echo "=== gpu tests"; target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP"
echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1
echo "=== done"
