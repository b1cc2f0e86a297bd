#!/usr/bin/env bash
# v170 (2026-12-04, twenty-second session): as v168, after the 16-row tiles' prologue was put back
# as it was (their zero slots by threads 0..7); plus (4096,7168,1), (4096,14336,1) three more
# alternating rounds (v169: 3.5% slower on bm16_k1024_s4_w8_p2 with the same instruction mix). Every GPU test with NVFP4_REQUIRE_GPU=1, 60 + 60
# differential cases, the four sanitizers (plain and --pdl), every TMA entry point on the five
# benchmark shapes (new, old), and the five shapes with the automatic choice, plain and --pdl,
# old/new/new/old. Old: 50e6ff8 (the PTX of the table of record). Logs -> $OUT.
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
{ echo "=== gpu tests"; NVFP4_REQUIRE_GPU=1 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right" | head -40; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/test.log
{ echo "=== fuzz"; $NEW fuzz --cases 60 2>&1 | tail -1; $NEW --pdl fuzz --cases 60 2>&1 | tail -1; } | tee -a $OUT/test.log
{ target/bundle/run.sh sanitize 2>&1 | grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED|pass|FAIL"; echo "run.sh sanitize rc ${PIPESTATUS[0]}"; } > $OUT/sanitize.log
grep -E "SUMMARY|rc|FAIL" $OUT/sanitize.log | sort | uniq -c
mkdir -p $OUT/r
for v in new old; do
  B=$NEW; [ $v = old ] && B=$OLD
  timeout 200 $B bench --variant all --replays 20 --csv $OUT/variants-$v.csv > $OUT/variants-$v.log 2>&1 || echo "FAILED variants $v"
done
for round in 1 2 3; do
  for v in old new; do
    B=$NEW; [ $v = old ] && B=$OLD
    $B bench --shapes "4096,7168,1;4096,14336,1" --csv $OUT/r/auto-$round-$v.csv > $OUT/r/auto-$round-$v.log 2>&1 || echo "FAILED auto $round $v"
  done
done
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 old $OLD" "1 new $NEW" "2 new $NEW" "2 old $OLD"; do
    set -- $r
    timeout 150 $3 $P bench --csv $OUT/bench-$mode-$1-$2.csv > $OUT/bench-$mode-$1-$2.log 2>&1 || echo "FAILED $mode $1 $2"
  done
done
for f in $OUT/bench-* $OUT/variants-* $OUT/test.log $OUT/sanitize.log; do mv $f $OUT/r/; done
tar -C $OUT -czf $OUT/v170.tgz r
python3 - <<'P'
import csv,os
O=os.environ['OUT']
rows={}
for v in ('new','old'):
    for r in csv.DictReader(open(f'{O}/r/variants-{v}.csv')):
        rows.setdefault((r['m'],r['k'],r['l']),{}).setdefault(r['kernel'],{})[v]=float(r['time_us_median'])
for s,ks in rows.items():
    bn=min(d.get('new',1e9) for d in ks.values()); bo=min(d.get('old',1e9) for d in ks.values())
    print(s, "best new %.2f old %.2f (%+.1f%%)" % (bn, bo, 100*(bn/bo-1)), " ".join("%s:%.2f/%.2f"%(k.replace('nvfp4_gemv_',''),d.get('new',0),d.get('old',0)) for k,d in ks.items() if 'bm32' in k))
for mode in ('plain','pdl'):
    t={}
    for rnd in ('1','2'):
        for v in ('old','new'):
            for r in csv.DictReader(open(f'{O}/r/bench-{mode}-{rnd}-{v}.csv')):
                t.setdefault((r['m'],r['k'],r['l']),{}).setdefault(v,[]).append((float(r['time_us_median']),r['kernel'].replace('nvfp4_gemv_',''),r['pct_of_ceiling'],r['vs_read']))
    for s,d in t.items():
        print(mode,s," old",d['old']," new",d['new'])
res={}
for rnd in '123':
    for v in ('old','new'):
        for r in csv.DictReader(open(f'{O}/r/auto-{rnd}-{v}.csv')):
            res.setdefault((r['m'],r['k'],r['l'],r['kernel']),{}).setdefault(v,[]).append(float(r['time_us_median']))
for k,d in res.items(): print('again',k,'old',d.get('old'),'new',d.get('new'))
P
rm -rf $OUT/r
