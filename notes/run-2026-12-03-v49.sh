#!/usr/bin/env bash
# v49: the read-only kernel's own SM busy spread and ramp (ncu, as run v48): every read_ceiling launch of a bench
# of (7168,16384,1); the 66 MB launches are the short ones (the ceiling's are ~120 µs).
B=target/bundle/bin
M="gpu__time_duration.sum,sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max"
timeout 400 ncu --clock-control none -k regex:read_ceiling -c 400 --metrics "$M" $B/nvfp4-gemv bench --shapes "7168,16384,1" --replays 1 2>&1 \
  | grep -E "^  read_ceiling|duration|cycles" > $OUT/ncu-v49-all.txt
awk '/read_ceiling/{n++} /duration/{d=$NF} /active.avg/{av=$NF} /active.max/{mx=$NF} /active.min/{mn=$NF} /elapsed.max/{el=$NF; if (d+0 < 60) print n, "duration", d, "min", mn, "avg", av, "max", mx, "elapsed", el}' $OUT/ncu-v49-all.txt > $OUT/ncu-v49-66MB.txt
wc -l $OUT/ncu-v49-66MB.txt; head -5 $OUT/ncu-v49-66MB.txt; tail -3 $OUT/ncu-v49-66MB.txt; grep -c read_ceiling $OUT/ncu-v49-all.txt
