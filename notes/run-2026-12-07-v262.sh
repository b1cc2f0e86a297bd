#!/usr/bin/env bash
# v262 (forty-fifth session; replaces v261, whose NVFP4_LIVE_ROWS switch is gone): the live-row
# twins (L, l-bundle.tar.xz: branch exp-live-rows at ffa1d10, sm_90a PTX md5 dda8662c, notes/experiment-2026-12-07-live-rows.patch
# on 80212ab) against main (M, m-bundle.tar.xz), on any card. On an H200 first: main's GPU
# tests, fuzz, table of record (--pdl, plain). Then L's live-row GPU tests and sanitizers on
# its sanitize-cases (which include both twins at 13 rows), then timing. Carry
# ["target/exp-s2x"]. Every step packs what it has; LIMIT caps the timing steps.
set -u
for x in m l; do mkdir -p /tmp/$x; tar -C /tmp/$x -xJf target/exp-s2x/$x-bundle.tar.xz; done
M=/tmp/m/bundle/bin/nvfp4-gemv; L=/tmp/l/bundle/bin/nvfp4-gemv
R=/tmp/v262; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v262.tgz v262; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
H200=0; grep -q H200 $R/device.txt && H200=1
b() { local n=$1; shift; [ $SECONDS -lt ${LIMIT:-540} ] || { echo "skip $n at ${SECONDS}s"; return; }
  timeout 80 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | tr '\n' ' ')"; pack; }
if [ $H200 = 1 ]; then
  NVFP4_TEST_TIMEOUT=100 /tmp/m/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $M --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $M fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
  echo "tests at ${SECONDS}s"; pack
  b rec-M1 $M --pdl bench --shapes bench --svg $R/rec-M1.svg
  b plain-M $M bench --shapes bench --svg $R/plain-M.svg
fi
# L: the live-row GPU tests (every test whose name holds "live"), fuzz on bm32_k1024_s4_w8 (a
# quarter of the cases with 1 to 32 live rows; --pdl and plain), then the sanitizers on its
# sanitize-cases (plain and --pdl), which run both twins with 13 rows per block.
NVFP4_TEST_TIMEOUT=120 /tmp/l/bundle/run.sh test live > $R/l-test-full.log 2>&1; echo "run.sh test live rc $?" >> $R/l-test-full.log
grep -E "^===|test result|FAILED|panicked|rc |_live" $R/l-test-full.log | tail -60 | tee $R/l-test.log
{ timeout 60 $L --pdl fuzz --cases 60 --variant nvfp4_gemv_bm32_k1024_s4_w8 2>&1 | tail -1
  timeout 60 $L fuzz --cases 60 --variant nvfp4_gemv_bm32_k1024_s4_w8 2>&1 | tail -1; } | tee -a $R/l-test.log
echo "L tests at ${SECONDS}s"; pack
for p in "" "--pdl"; do for tool in memcheck racecheck; do
  echo "$tool $p: $(timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 $L $p sanitize-cases 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|FAIL' | tr '\n' ' ') rc $?"
done; done | tee $R/l-sanitize.log
echo "L sanitizers at ${SECONDS}s"; pack
# Timing, --pdl: the one-wave shapes of 5 to 8 thousand rows (two blocks per SM), M's automatic
# choice against L with --live-rows auto (the same choice, then its live-row twin where
# kernel::layout::live_rows gives fewer rows: on 132 SMs 28, 24, 20, 28, 28 rows), then the
# row-major entry point named, both ways; two rounds, M L L M.
W="7168,16384,1;6144,16384,1;5120,16384,1;7168,8192,1;7168,12288,1"
V=nvfp4_gemv_bm32_k1024_s4_w8
b auto-M1 $M --pdl bench --replays 30 --shapes "$W"
b auto-L1 $L --pdl --live-rows auto bench --replays 30 --shapes "$W"
b auto-L2 $L --pdl --live-rows auto bench --replays 30 --shapes "$W"
b auto-M2 $M --pdl bench --replays 30 --shapes "$W"
b rows-M1 $M --pdl bench --replays 30 --splits off --variant $V --shapes "$W"
b rows-L1 $L --pdl --live-rows auto bench --replays 30 --splits off --variant $V --shapes "$W"
b rec-L1 $L --pdl --live-rows auto bench --shapes bench
b plain-auto-L1 $L --live-rows auto bench --replays 30 --shapes "$W"
b plain-auto-M1 $M bench --replays 30 --shapes "$W"
if [ $H200 = 1 ]; then
  NVFP4_TEST_TIMEOUT=120 /tmp/m/bundle/run.sh sanitize > $R/sanitize-full.log 2>&1; echo "run.sh sanitize rc $?" >> $R/sanitize-full.log
  grep -E "^===|ERROR SUMMARY|FAILED|rc " $R/sanitize-full.log | tee $R/sanitize.log
  b rec-M2 $M --pdl bench --shapes bench
fi
echo "=== done at ${SECONDS}s"; pack
