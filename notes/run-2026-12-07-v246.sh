#!/usr/bin/env bash
# v246 (forty-first session): v243's load-path prefetch of `b`/`sfb` (G, g-bundle.tar.xz) and
# G2 (g2-bundle.tar.xz: the same prefetch, but not where the trigger is after the loads, the
# only case where v243/v245 saw G lose on the H100) against main's kernel (B,
# branch-bundle.tar.xz), on an H200 only: --pdl table of record and ten small grids, in the
# order B G G2 G2 G B; then G2's check, fuzz and plain table. Carry ["target/bundle",
# "target/exp-s2x"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200"; exit 3; }
for x in br g g2; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/g -xJf target/exp-s2x/g-bundle.tar.xz && tar -C /tmp/g2 -xJf target/exp-s2x/g2-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; G=/tmp/g/bundle/bin/nvfp4-gemv; H=/tmp/g2/bundle/bin/nvfp4-gemv; R=/tmp/v246; mkdir -p $R; START=$SECONDS
pack() { tar -C /tmp -czf $OUT/v246.tgz v246; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at $((SECONDS-START))s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2;4096,14336,1;14336,7168,1"
for v in B G H H G B; do r=1; [ -e $R/rec-${v}1.csv ] && r=2; eval X=\$$v; b rec-$v$r $X --pdl bench --shapes bench; b small-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
{ timeout 60 $H --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $H fuzz --cases 60 2>&1 | tail -1; timeout 60 $H --pdl 2>&1 | tail -7; } | tee $R/test.log
b plain-H $H bench --shapes bench
echo "=== done at $((SECONDS-START))s"; pack
