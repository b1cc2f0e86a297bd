#!/usr/bin/env bash
# v185 (2026-12-05, twenty-fifth session): the shared-K FP8 route, form A (one wgmma group
# and one wait per pass) with the B tile offsets as immediates of the wgmma asm block (86 registers in bm32_k1024_s4_w8, 91 in the four-warp tiles). Every GPU test with NVFP4_REQUIRE_GPU=1, 40 + 40
# differential cases; the 32-row entry points on the five shapes, old (main's binary,
# bin/nvfp4-gemv-old) / new / new / old, plain and --pdl.
set -u
B=target/bundle/bin/nvfp4-gemv
O=target/bundle/bin/nvfp4-gemv-old
mkdir -p $OUT/r
SECONDS=0
{ echo "=== gpu tests"; NVFP4_TEST_TIMEOUT=200 target/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|left|right|equal: false" | head -40; echo "run.sh test rc ${PIPESTATUS[0]} at ${SECONDS}s"; } | tee $OUT/r/test.log
{ echo "=== fuzz"; timeout 60 $B fuzz --cases 40 2>&1 | tail -2; timeout 60 $B --pdl fuzz --cases 40 2>&1 | tail -2; echo "at ${SECONDS}s"; } | tee -a $OUT/r/test.log
V=nvfp4_gemv_bm32_k1024_s4_w8,nvfp4_gemv_bm32_k1024_s4,nvfp4_gemv_bm32_k1024_s4_p2
for mode in plain pdl; do
  P=""; [ $mode = pdl ] && P="--pdl"
  for r in "1 old" "1 new" "2 new" "2 old"; do
    set -- $r
    X=$B; [ $2 = old ] && X=$O
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
        k=(mode,row['kernel'],row['splits'],row['m'],row['k'],row['l'])
        t[k+(ver,)].append(float(row['time_us_median']))
keys=sorted({k[:-1] for k in t})
for k in keys:
    o=t.get(k+('old',),[]); n=t.get(k+('new',),[])
    if o and n:
        mo,mn=sum(o)/len(o),sum(n)/len(n)
        print(*k, f"{mo:.2f} -> {mn:.2f} {100*(mn/mo-1):+.1f}%")
PY
tar -C $OUT -czf $OUT/v185.tgz r && rm -rf $OUT/r
echo "=== done at ${SECONDS}s"
