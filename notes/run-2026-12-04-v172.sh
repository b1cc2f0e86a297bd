#!/usr/bin/env bash
# v172 (2026-12-04, twenty-second session): every entry point on the sweep's shapes with the
# FP8 route's final bundle (plain), for the next refit of choose_variant (the 32-row tiles got
# faster; the rule was fitted to the prmt/IMMA arithmetic). CSV -> $OUT.
set -u
t0=$(date +%s)
timeout 400 target/bundle/bin/nvfp4-gemv bench --shapes sweep --variant all --replays 20 --csv $OUT/sweep-variants-plain.csv > $OUT/sweep-variants-plain.log 2>&1 || echo "FAILED"
echo "took $(( $(date +%s) - t0 )) s"
python3 - <<'P'
import csv,os
O=os.environ['OUT']; rows={}
for r in csv.DictReader(open(f'{O}/sweep-variants-plain.csv')):
    rows.setdefault((int(r['m']),int(r['k']),int(r['l'])),[]).append((float(r['time_us_median']),r['kernel'].replace('nvfp4_gemv_',''),r['splits']))
for s in sorted(rows):
    v=sorted(rows[s]); print(s, v[0], v[1][:2], [x for x in v if x[1]=='bm32_k1024_s4_w8'][:1])
P
