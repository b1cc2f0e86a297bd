# Twelfth session (2026-12-03): fits of choose_variant-style rules (row tiles of 16 per SM, three K ranges,
# up to 1-3 thresholds per range, each cell the entry point of least total slowdown) to the all-entry-point
# runs v81/v82 (30 shapes) and checks on run v83's 13 other shapes. Usage, from the repository root:
#   python3 notes/fit-2026-12-03-v83-choose-variant.py pdl|plain
# Prints, per number of thresholds, the mean/max slowdown against the fastest TMA entry point on the fitting
# shapes and on the 13 others, then the rule refitted to all 43, and the old (run v23) rule on all 43.
import csv, collections, itertools, sys
def load(fs):
    d=collections.defaultdict(lambda: collections.defaultdict(list))
    for f in fs:
        for r in csv.DictReader(open(f)):
            d[(int(r['m']),int(r['k']),int(r['l']))][r['kernel'][12:]].append(float(r['time_us_median']))
    return {s:{v:sum(x)/len(x) for v,x in d[s].items() if v not in ('','irect')} for s in d}
mode=sys.argv[1]
fit_fs={'pdl':['notes/bench-2026-12-03-v81-pdl-all-variants.csv','notes/bench-2026-12-03-v82-pdl-all-variants.csv'],'plain':['notes/bench-2026-12-03-v82-plain-all-variants.csv']}[mode]
ho_fs=[f'notes/bench-2026-12-03-v83-holdout-all-{mode}.csv']
A=load(fit_fs); H=load(ho_fs)
SMS=132
def rt(s): return -(-s[0]//16)*s[2]
def reg(T): return {s:{v:T[s][v]/min(T[s].values())-1 for v in T[s]} for s in T}
RA,RH=reg(A),reg(H); RALL={**RA,**RH}
vs=list(A[(7168,16384,1)])
KB=[(0,4096),(4096,16384),(16384,1<<30)]
def fit(R, maxth=3):
    rule=[]; 
    for lo,hi in KB:
        best=None
        for n in range(0,maxth+1):
          for th in itertools.combinations([1,2,3,4,6,8],n):
            edges=[0]+[t*SMS for t in th]+[1<<40]; cells=[]; tot=0
            for a,b in zip(edges,edges[1:]):
                cell=[s for s in R if lo<=s[1]<hi and a<=rt(s)<b]
                if not cell: cells.append((a,b,None)); continue
                v=min(vs,key=lambda v:sum(R[s][v] for s in cell))
                tot+=sum(R[s][v] for s in cell); cells.append((a,b,v))
            tot+=0.02*n  # penalty per threshold
            if best is None or tot<best[0]: best=(tot,cells)
        rule.append(((lo,hi),best[1]))
    return rule
def pick(rule,s):
    for (lo,hi),cells in rule:
        if lo<=s[1]<hi:
            for a,b,v in cells:
                if a<=rt(s)<b: return v
def ev(rule,R):
    rr=[R[s][pick(rule,s) or 'm16_k1024_s4_w8_p2'] for s in R]
    return 100*sum(rr)/len(rr), 100*max(rr)
for maxth in [1,2,3]:
    r=fit(RA,maxth)
    print(mode,"maxth",maxth,"fit on sweep: train mean/max %.1f/%.1f  holdout mean/max %.1f/%.1f"%(ev(r,RA)+ev(r,RH)))
    r=fit(RALL,maxth)
    print("   fit on all: mean/max %.1f/%.1f"%ev(r,RALL))
    for (lo,hi),cells in r: print("   ",lo,hi,[(a//SMS,min(b//SMS,999),v) for a,b,v in cells])
def old(s):
    m,k,l=s; r=rt(s)
    if k<4096: return "m16_k512_s4"
    if r>=8*SMS: return "m16_k512_s4_p2"
    if r>=4*SMS: return "m16_k512_s4"
    if r>=2*SMS: return "m32_k1024_s4_w8" if k>=16384 else "m16_k512_s4_p2"
    return "m16_k1024_s4_w8_p2"
rr=[RALL[s][old(s)] for s in RALL]
print(mode,"OLD rule on all 43: mean/max %.1f/%.1f"%(100*sum(rr)/len(rr),100*max(rr)))
r=fit(RALL,2)
BS=[(7168,16384,1),(4096,7168,1),(7168,2048,1),(4096,7168,8),(7168,2048,4)]
print("maxth2-all bench:",[(s,pick(r,s),round(100*RALL[s][pick(r,s)],1),round(100*RALL[s][old(s)],1)) for s in BS])
print("worst:",sorted([(round(100*RALL[s][pick(r,s)],1),s,pick(r,s)) for s in RALL])[-5:])
