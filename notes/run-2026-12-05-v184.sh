#!/usr/bin/env bash
# v184 (2026-12-05, twenty-fifth session): the shared-K FP8 route, two forms: A (one wgmma
# group and one wait per pass: 98 registers in bm32_k1024_s4_w8, run v183: one block per SM,
# +38…+54%) and B (one group and one wait per step: 78 registers). The 32-row entry points
# on the five shapes, old (main) / A / B / B / A / old, plain and --pdl; B's differential
# cases.
set -u
N=target/bundle/bin/nvfp4-gemv
mkdir -p $OUT/r
SECONDS=0
{ echo "=== fuzz (B)"; timeout 60 $N fuzz --cases 40 2>&1 | tail -1; timeout 60 $N --pdl fuzz --cases 40 2>&1 | tail -1; } | tee $OUT/r/test.log
V=nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4,nvfp4_gemv_bm32_k1024_s4_p2
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 old" "1 A" "1 B" "2 B" "2 A" "2 old"; do
    set -- $r
    X=$N; [ $2 = old ] && X=$N-old; [ $2 = A ] && X=$N-A
    timeout 100 $X $P bench --variant $V --replays 20 --csv $OUT/r/bench-$mode-$1-$2.csv > $OUT/r/bench-$mode-$1-$2.log 2>&1 || echo "FAILED $mode $1 $2"
    echo "$mode $1 $2 done at ${SECONDS}s"
  done
done
python3 - $OUT/r <<'PY'
import csv,glob,sys,os,collections
d=sys.argv[1]; t=collections.defaultdict(list)
for f in sorted(glob.glob(d+'/bench-*.csv')):
    mode,_,ver=os.path.basename(f)[6:-4].split('-')
    for row in csv.DictReader(open(f)):
        k=(mode,row['kernel'][11:],row['m'],row['k'],row['l'])
        t[k+(ver,)].append(float(row['time_us_median']))
m=lambda v: sum(v)/len(v)
for k in sorted({k[:-1] for k in t}):
    o,a,b=(m(t[k+(v,)]) for v in ('old','A','B'))
    print(*k, f"old {o:.2f} A {a:.2f} ({100*(a/o-1):+.1f}%) B {b:.2f} ({100*(b/o-1):+.1f}%)")
PY
tar -C $OUT -czf $OUT/v184.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
