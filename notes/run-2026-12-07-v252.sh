#!/usr/bin/env bash
# v252 (forty-second session): F (f-bundle.tar.xz, main with the closed-form stream-K block
# search for unskewed schedules) on the same machine after v251: the four sanitizers with plain
# and --pdl launches, then the table of record (--pdl, plain) and v246's ten small grids, F then
# B (branch-bundle.tar.xz, main's kernel). Any card (the name is printed). Carry ["target/exp-s2x"].
set -u
for x in br f; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/f -xJf target/exp-s2x/f-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; F=/tmp/f/bundle/bin/nvfp4-gemv
R=/tmp/v252; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v252.tgz v252; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=120 /tmp/f/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
echo "sanitizers at ${SECONDS}s"; pack
b() { local n=$1 x=$2; shift 2; timeout 80 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2;4096,14336,1;14336,7168,1"
b rec-F3 $F --pdl bench --shapes bench
b small-F1 $F --pdl bench --replays 20 --shapes "$S"
b small-B1 $B --pdl bench --replays 20 --shapes "$S"
b rec-B2 $B --pdl bench --shapes bench
b plain-F2 $F bench --shapes bench
echo "=== done at ${SECONDS}s"; pack
