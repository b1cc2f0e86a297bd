#!/usr/bin/env bash
# v226 (thirty-eighth session): the shortest useful H200 call (about 100 s), for a session with
# little device time left; exits at once on any other card. Main's GPU tests and fuzz (the H200
# truth of df9bf38's kernel), the table of record (--pdl, then plain), then while time is left
# the one-wave shapes with two and four prefetched stages. Carry ["target/bundle"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
D=$PWD/target/bundle/bin; R=/tmp/v226/r; mkdir -p $R; SECONDS=0
pack() { tar -C /tmp/v226 -czf $OUT/v226.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
NVFP4_TEST_TIMEOUT=60 target/bundle/run.sh test > $R/test-full.log 2>&1; echo "run.sh test rc $? at ${SECONDS}s" >> $R/test-full.log
grep -E "^===|test result|FAILED|panicked|rc " $R/test-full.log | tee $R/test.log
timeout 30 $D/nvfp4-gemv --pdl fuzz --cases 80 2>&1 | tail -1 | tee -a $R/test.log; pack
timeout 40 $D/nvfp4-gemv --pdl bench --shapes bench --csv $R/rec-pdl.csv > $R/rec-pdl.log 2>&1; cat $R/rec-pdl.log; pack
timeout 40 $D/nvfp4-gemv bench --shapes bench --csv $R/rec-plain.csv > $R/rec-plain.log 2>&1; cat $R/rec-plain.log; pack
W="7168,16384,1;6144,16384,1;5120,16384,1;7168,12288,1;4096,16384,1"
for n in pf2-1 pf4-1 pf4-2 pf2-2; do
  [ $SECONDS -lt ${LIMIT:-100} ] || break
  p=(); [ "${n%-*}" = pf4 ] && p=(--pdl-prefetch 4)
  timeout 30 $D/nvfp4-gemv --pdl ${p[@]+"${p[@]}"} bench --replays 20 --shapes "$W" --csv $R/wave-$n.csv > $R/wave-$n.log 2>&1
  echo "== wave-$n at ${SECONDS}s: $(grep -hE '^nvfp4' $R/wave-$n.log | awk '{print $3, $5, $NF}' | tr '\n' ' ')"; pack
done
echo "=== done at ${SECONDS}s"; pack
