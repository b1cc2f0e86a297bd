#!/usr/bin/env bash
# v167 (2026-12-04, twenty-second session): the FP8 route with f16 accumulators and the
# descriptor built inside the wgmma block (registers: bm32_k1024_s4_w8 100 -> 82). Every GPU
# test with NVFP4_REQUIRE_GPU=1, 60 + 60 differential cases, then every TMA entry point on the
# five benchmark shapes (plain), new binary then old (50e6ff8). Logs -> $OUT.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
{ echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|mismatch|error|left|right" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/test.log
{ echo "=== fuzz"; $NEW fuzz --cases 60 2>&1 | tail -1; $NEW --pdl fuzz --cases 60 2>&1 | tail -1; } | tee -a $OUT/test.log
for v in new old; do
  B=$NEW; [ $v = old ] && B=$OLD
  t0=$(date +%s)
  timeout 200 $B bench --variant all --replays 20 --csv $OUT/variants-$v.csv > $OUT/variants-$v.log 2>&1 || echo "FAILED $v"
  echo "$v: $(( $(date +%s) - t0 )) s"
done
python3 - <<'P'
import csv,os
O=os.environ['OUT']
rows={}
for v in ('new','old'):
    for r in csv.DictReader(open(f'{O}/variants-{v}.csv')):
        rows.setdefault((r['m'],r['k'],r['l']),{}).setdefault(r['kernel'],{})[v]=float(r['time_us_median'])
for s,ks in rows.items():
    bn=min(d.get('new',1e9) for d in ks.values()); bo=min(d.get('old',1e9) for d in ks.values())
    print(s, "best new %.2f old %.2f (%+.1f%%)" % (bn, bo, 100*(bn/bo-1)))
    for k,d in sorted(ks.items(), key=lambda x: x[1].get('new',1e9))[:4]:
        print("  %-40s new %7.2f old %7.2f" % (k, d.get('new',0), d.get('old',0)))
P
