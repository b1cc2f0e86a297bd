#!/usr/bin/env bash
# v263 (forty-sixth session): v262 reordered for a short device budget. Every step is skipped
# once ${SECONDS} passes LIMIT (default 500), and the order puts first what a merge of the
# live-row twins needs: L's live GPU tests and fuzz, then --pdl timing M L L M on the one-wave
# shapes, then (H200 only) main's GPU tests, fuzz and table of record, then L's memcheck and
# racecheck, then the rest. Bundles as v262 (carry ["target/exp-s2x"]): M = main (sm_90a PTX
# 551881ca), L = branch exp-live-rows at ffa1d10 (dda8662c).
set -u
for x in m l; do mkdir -p /tmp/$x; tar -C /tmp/$x -xJf target/exp-s2x/$x-bundle.tar.xz; done
M=/tmp/m/bundle/bin/nvfp4-gemv; L=/tmp/l/bundle/bin/nvfp4-gemv
R=/tmp/v263; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp -czf $OUT/v263.tgz v263; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
H200=0; grep -q H200 $R/device.txt && H200=1
ok() { [ $SECONDS -lt ${LIMIT:-500} ] || { echo "skip $1 at ${SECONDS}s"; return 1; }; }
b() { local n=$1; shift; ok $n || return
  timeout 80 "$@" --csv $R/$n.csv > $R/$n.log 2>&1 || echo "FAILED $n"
  echo "== $n at ${SECONDS}s: $(grep -E '^nvfp4' $R/$n.log | awk '{print $1, $3, $5, $NF}' | tr '\n' ' ')"; pack; }
san() { local bin=$1 tag=$2 p=$3 tool=$4; ok "$tag-$tool$p" || return
  echo "$tag $tool $p: $(timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 $bin $p sanitize-cases 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|FAIL' | tr '\n' ' ') at ${SECONDS}s" | tee -a $R/sanitize.log; pack; }
V=nvfp4_gemv_bm32_k1024_s4_w8
W="7168,16384,1;6144,16384,1;5120,16384,1;7168,8192,1;7168,12288,1"
NVFP4_TEST_TIMEOUT=120 /tmp/l/bundle/run.sh test live > $R/l-test-full.log 2>&1; echo "run.sh test live rc $?" >> $R/l-test-full.log
grep -E "^===|test result|FAILED|panicked|rc |_live" $R/l-test-full.log | tail -60 | tee $R/l-test.log
pack; ok l-fuzz && \
{ timeout 60 $L --pdl fuzz --cases 60 --variant $V 2>&1 | tail -1
  timeout 60 $L fuzz --cases 60 --variant $V 2>&1 | tail -1; } | tee -a $R/l-test.log
echo "L tests at ${SECONDS}s"; pack
b auto-M1 $M --pdl bench --replays 30 --shapes "$W"
b auto-L1 $L --pdl --live-rows auto bench --replays 30 --shapes "$W"
b auto-L2 $L --pdl --live-rows auto bench --replays 30 --shapes "$W"
b auto-M2 $M --pdl bench --replays 30 --shapes "$W"
if [ $H200 = 1 ] && ok m-test; then
  NVFP4_TEST_TIMEOUT=100 /tmp/m/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $?" >> $R/test-full.log
  grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
  { timeout 60 $M --pdl fuzz --cases 120 2>&1 | tail -1; timeout 40 $M fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
  echo "M tests at ${SECONDS}s"; pack
  b rec-M1 $M --pdl bench --shapes bench --svg $R/rec-M1.svg
  b rec-L1 $L --pdl --live-rows auto bench --shapes bench
fi
for p in "" "--pdl"; do for tool in memcheck racecheck; do san $L L "$p" $tool; done; done
b plain-auto-L1 $L --live-rows auto bench --replays 30 --shapes "$W"
b plain-auto-M1 $M bench --replays 30 --shapes "$W"
b rows-M1 $M --pdl bench --replays 30 --splits off --variant $V --shapes "$W"
b rows-L1 $L --pdl --live-rows auto bench --replays 30 --splits off --variant $V --shapes "$W"
if [ $H200 = 1 ]; then
  b plain-M $M bench --shapes bench --svg $R/plain-M.svg
  for p in "" "--pdl"; do for tool in memcheck racecheck synccheck initcheck; do san $M M "$p" $tool; done; done
  b rec-M2 $M --pdl bench --shapes bench
fi
echo "=== done at ${SECONDS}s"; pack
