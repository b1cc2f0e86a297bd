# Thirteenth session (2026-12-03): the PDL rule of choose_variant, run-v84 version (old) against the
# thirteenth session's (new), on every all-entry-point --pdl CSV (runs v81-v86: 66 shapes; run v90: 16 shapes
# measured after the rule was drafted, in the bands it moves). Slowdown of the pick against the fastest TMA entry
# point, per shape and as mean/max. The host's one-wave correction (p2 -> one-producer twin when only the twin runs
# the grid in one wave: 6 against 8 blocks per SM on the H200) is applied to the new rule, which now uses it.
# Usage, from the repository root: python3 notes/fit-2026-12-03-v90-pdl-rule.py
import csv, collections
FIT=['notes/bench-2026-12-03-v81-pdl-all-variants.csv','notes/bench-2026-12-03-v82-pdl-all-variants.csv',
     'notes/bench-2026-12-03-v83-holdout-all-pdl.csv','notes/bench-2026-12-03-v85-models-all-pdl.csv',
     'notes/bench-2026-12-03-v86-new-all-pdl.csv']
CHECK=['notes/bench-2026-12-03-v90-holdout-all-pdl.csv']
SMS=132
def load(fs):
    d=collections.defaultdict(lambda: collections.defaultdict(list))
    for f in fs:
        for r in csv.DictReader(open(f)):
            if r['kernel'] in ('nvfp4_gemv','nvfp4_gemv_direct'): continue
            d[(int(r['m']),int(r['k']),int(r['l']))][r['kernel'][11:]].append(float(r['time_us_median']))
    return {s:{v:sum(x)/len(x) for v,x in d[s].items()} for s in d}
def rt(s): return -(-s[0]//16)*s[2]
def old(s):
    m,k,l=s; r=rt(s); short=k<4096; long=k>=16384
    if short:
        if r>=8*SMS: return 'bm16_k512_s4_p2'
        if r>=4*SMS: return 'bm16_k512_s4'
        if r>=SMS: return 'bm32_k1024_s4_w8'
        return 'bm16_k1024_s4_w8_p2'
    if r>=8*SMS and not long: return 'bm16_k512_s4_p2'
    if r>=4*SMS or not long: return 'bm16_k1024_s4_w8_p2'
    if r>=SMS: return 'bm32_k1024_s4_w8'
    return 'bm32_k1024_s4_p2'
def new(s):
    m,k,l=s; r=rt(s); short=k<4096; long=k>=16384
    if short: v=old(s)
    elif (r>=8*SMS and not long) or (r>=4*SMS and k<8192): v='bm16_k512_s4_p2'
    elif r>=4*SMS: v='bm16_k1024_s4_w8_p2'
    elif k>4096 and 2*SMS<=r<3*SMS: v='bm16_k1024_s6_w8'
    elif not long: v='bm16_k1024_s4_w8_p2'
    elif r>=SMS: v='bm32_k1024_s4_w8'
    else: v='bm32_k1024_s4_p2'
    if v=='bm16_k512_s4_p2' and 6*SMS<r<=8*SMS: v='bm16_k512_s4'
    return v
for name,fs in (('runs v81-v86 (66 shapes)',FIT),('run v90 (16 shapes)',CHECK),('all',FIT+CHECK)):
    T=load(fs); res={}
    for f in (old,new):
        rr=[100*(T[s][f(s)]/min(T[s].values())-1) for s in T]
        res[f.__name__]='mean %.1f%% max %.1f%%'%(sum(rr)/len(rr),max(rr))
    print(name,'| old',res['old'],'| new',res['new'])
T=load(FIT+CHECK)
for s in sorted(T,key=lambda s:(s[1],rt(s))):
    if old(s)!=new(s):
        b=min(T[s].values())
        print(s,'%.2f rt/SM'%(rt(s)/SMS),old(s),'%.1f%%'%(100*(T[s][old(s)]/b-1)),'->',new(s),'%.1f%%'%(100*(T[s][new(s)]/b-1)))
