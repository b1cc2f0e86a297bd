#!/usr/bin/env bash
# v68 (2026-12-03, tenth session): does the GEMV run the GPU at a lower clock than the read-only kernel (a power
# limit would make the arithmetic's energy, not its latency, what costs)? nvidia-smi samples the SM and memory
# clocks, the power draw and the clock-event reasons every 50 ms while one shape is timed for a few seconds: the
# read-only kernel's phase comes first in each bench run, then (after the upload and check) the GEMV's.
# Runs: the committed GEMV (plain), the bare pipeline (diag CLI of v63, NVFP4_DIAG=8: no arithmetic), --pdl.
set -u
B=target/bundle/bin
F=clocks_event_reasons.active
nvidia-smi --query-gpu=$F --format=csv >/dev/null 2>&1 || F=clocks_throttle_reasons.active
Q="timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,$F"
nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm,clocks.max.mem --format=csv
sample() { nvidia-smi --query-gpu=$Q --format=csv,noheader -lms 50 > $OUT/smi-$1.csv & echo $!; }
for run in full bare pdl; do
  echo "=== $run"; P=$(sample $run); sleep 1
  case $run in
    full) $B/nvfp4-gemv bench --shapes "7168,16384,1" --replays 4000 2>&1 | grep -E "^nvfp4|ceiling" ;;
    bare) NVFP4_DIAG=8 $B/nvfp4-gemv-sens bench --shapes "7168,16384,1" --replays 4000 2>&1 | grep -E "^nvfp4|ceiling" ;;
    pdl)  $B/nvfp4-gemv bench --shapes "7168,16384,1" --replays 4000 --pdl 2>&1 | grep -E "^nvfp4|ceiling" ;;
  esac
  sleep 1; kill $P; wait $P 2>/dev/null
  # Plateaus: samples with power above 300 W, in order; print the first and second halves' medians.
  python3 - $OUT/smi-$run.csv <<'PY'
import sys, statistics as st
rows=[l.strip().split(', ') for l in open(sys.argv[1]) if l.strip()]
def num(x):
    try: return float(x.split()[0])
    except: return None
busy=[(num(r[1]),num(r[2]),num(r[3]),r[5] if len(r)>5 else '') for r in rows if num(r[3]) and num(r[3])>250]
print(f"{len(rows)} samples, {len(busy)} above 250 W")
# split the busy samples into runs separated by gaps in the sample index
idx=[i for i,r in enumerate(rows) if num(r[3]) and num(r[3])>250]
groups=[];cur=[]
for i in idx:
    if cur and i-cur[-1]>3: groups.append(cur);cur=[]
    cur.append(i)
if cur: groups.append(cur)
for g in groups:
    sm=[num(rows[i][1]) for i in g]; mem=[num(rows[i][2]) for i in g]; pw=[num(rows[i][3]) for i in g]
    rs=sorted(set(rows[i][5] for i in g if len(rows[i])>5))
    print(f"  plateau of {len(g)} samples: SM {st.median(sm):.0f} MHz (min {min(sm):.0f}), mem {st.median(mem):.0f} MHz, power {st.median(pw):.0f} W (max {max(pw):.0f}), reasons {rs}")
PY
done
