#!/usr/bin/env bash
# v43: biased int8 split (one IMMA chain, I2FP) + f16 scale products vs committed 2757feb;
# GPU tests and fuzz of the new build; ncu pipe use, full vs arithmetic-only; IMMA/PRMT microbenchmark.
B=target/bundle/bin
$B/nvfp4-gemv info 2>&1 | head -4
for r in 1 2; do
  echo "=== new run $r"; timeout 100 $B/nvfp4-gemv bench --replays 30 --csv $OUT/b$r-new.csv 2>&1 | tail -6
  echo "=== base run $r"; timeout 100 $B/nvfp4-gemv-base bench --replays 30 --csv $OUT/b$r-base.csv 2>&1 | tail -5
done
echo "=== new --pdl"; timeout 100 $B/nvfp4-gemv --pdl bench --replays 30 --csv $OUT/b-new-pdl.csv 2>&1 | tail -5
echo "=== base --pdl"; timeout 100 $B/nvfp4-gemv-base --pdl bench --replays 30 --csv $OUT/b-base-pdl.csv 2>&1 | tail -5
echo "=== arithmetic only: new, base"
NVFP4_DIAG=1 timeout 100 $B/nvfp4-gemv-diag bench --replays 30 --csv $OUT/b-new-diag.csv 2>&1 | tail -5
NVFP4_DIAG=1 timeout 100 $B/nvfp4-gemv-basediag bench --replays 30 --csv $OUT/b-base-diag.csv 2>&1 | tail -5
cat $OUT/b*.csv > $OUT/bench.csv; rm -f $OUT/b*-*.csv
echo "=== tests"; NVFP4_TEST_TIMEOUT=200 bash target/bundle/run.sh test > $OUT/test.log 2>&1; echo "test rc $?"; grep -E "test result|FAILED|panicked" $OUT/test.log | head -20
echo "=== fuzz"; timeout 100 $B/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; timeout 100 $B/nvfp4-gemv --pdl fuzz --cases 40 --seed 7 2>&1 | tail -1
M="gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.avg.per_cycle_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum"
M="$M,regex:^sm__inst_executed_pipe_[a-z0-9_]*\.avg\.pct_of_peak_sustained_active$,regex:^sm__pipe_[a-z0-9_]*cycles_active\.avg\.pct_of_peak_sustained_active$,regex:^smsp__average_warps_issue_stalled_[a-z_]*_per_issue_active\.ratio$"
for run in "7168,16384,1 0 nvfp4-gemv-diag" "7168,16384,1 1 nvfp4-gemv-diag" "7168,16384,1 1 nvfp4-gemv-basediag" "4096,7168,8 0 nvfp4-gemv-diag" "4096,7168,8 1 nvfp4-gemv-diag"; do
  set -- $run
  echo "=== ncu shape $1 diag $2 $3"
  NVFP4_DIAG=$2 timeout 120 ncu --clock-control none -k regex:nvfp4_gemv -c 1 --metrics "$M" $B/$3 check $1 2>&1 | grep -v "^==PROF==" | sed -n '/nvfp4_gemv/,$p' | grep -vE " 0$| 0(\.00)?$|n/a" | head -90
done > $OUT/ncu-v43.txt 2>&1
grep -E "===|duration|issue_active|per_cycle|pipe_(alu|fma|fmaheavy|fmalite|imma|tensor|shared|lsu|xu|uniform)" $OUT/ncu-v43.txt | head -90
echo "=== microbenchmark"
nvcc -O3 -arch=sm_90a -o /tmp/imma_tp notes/microbench-2026-12-03-v43-imma-prmt.cu && /tmp/imma_tp | tee $OUT/microbench-v43.txt
