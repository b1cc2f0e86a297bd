#!/usr/bin/env bash
# v243 (fortieth session): `b` and `sfb` of a block's first tiles prefetched into the L2
# through the load path (`prefetch.global.L2`, one 128-byte line per producer lane) after the
# stages of `a` requested before griddepcontrol.wait (G, g-bundle.tar.xz), against main (B,
# branch-bundle.tar.xz = 7d68148's kernel = main's). v241/v242 did it through the copy engine
# and were up to 20% slower. On an H200, v233 first, then this. On any other card: the
# comparison, then G's GPU tests and fuzz. Carry ["target/bundle", "target/exp-s2x"].
set -u
H200=0; nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && H200=1
if [ $H200 = 1 ]; then bash notes/run-2026-12-07-v233.sh; fi
for x in br g; do mkdir -p /tmp/$x; done
tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz && tar -C /tmp/g -xJf target/exp-s2x/g-bundle.tar.xz
B=/tmp/br/bundle/bin/nvfp4-gemv; G=/tmp/g/bundle/bin/nvfp4-gemv; R=/tmp/v243; mkdir -p $R; START=$SECONDS
pack() { tar -C /tmp -czf $OUT/v243.tgz v243; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
b() { local n=$1 x=$2; shift 2; timeout 100 $x "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at $((SECONDS-START))s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $5, $NF}' | tr '\n' ' ')"; pack; }
S="1024,2048,1;4096,2048,1;7168,2048,1;9216,2048,1;7168,1024,1;2048,7168,1;8192,4096,1;4608,2048,2;4096,14336,1;14336,7168,1"
for v in B G G B; do r=1; [ -e $R/rec-${v}1.csv ] && r=2; eval X=\$$v; b rec-$v$r $X --pdl bench --shapes bench; b small-$v$r $X --pdl bench --replays 20 --shapes "$S"; done
b plain-B $B bench --shapes bench
b plain-G $G bench --shapes bench
if [ $H200 = 0 ]; then
  NVFP4_TEST_TIMEOUT=150 /tmp/g/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $G --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $G fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
fi
echo "=== done at $((SECONDS-START))s"; pack
