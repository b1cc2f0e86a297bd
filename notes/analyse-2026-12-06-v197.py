import csv,statistics as st
# Run v197's old/new comparison; run from the repository root.
R='notes/'
Vold=["auto","w8","w8_tiled","s4_p2"]
Vnew=Vold+["w8_p2","w8_p2_tiled"]
def load(mode,n,r):
    rows=list(csv.DictReader(open(f'{R}bench-2026-12-06-v197-{mode}-{n}-{r}.csv')))
    V=Vnew if n=='new' else Vold
    d={}
    for i,row in enumerate(rows):
        shape=(row['m'],row['k'],row['l']); v=V[i%len(V)]
        d[(shape,v)]=(float(row['time_us_median']),row['kernel'],row['splits'],float(row['pct_of_ceiling']),row['passed'])
    return d
for mode in ['pdl','plain']:
    print("=== ",mode)
    N=[load(mode,'new',r) for r in (1,2)]; O=[load(mode,'old',r) for r in (1,2)]
    shapes=[]
    for k in N[0]:
        if k[0] not in shapes: shapes.append(k[0])
    for s in shapes:
        line=f"({','.join(s)})"
        for v in Vold:
            n=st.mean(x[(s,v)][0] for x in N); o=st.mean(x[(s,v)][0] for x in O)
            line+=f" | {v}: {o:.2f}->{n:.2f} ({100*(n/o-1):+.1f}%)"
        w8=st.mean(x[(s,'w8')][0] for x in N)
        for v in ["w8_p2","w8_p2_tiled"]:
            n=st.mean(x[(s,v)][0] for x in N)
            line+=f" | {v}: {n:.2f} ({100*(n/w8-1):+.1f}% vs new w8)"
        print(line, "auto=",N[0][(s,'auto')][1].replace('nvfp4_gemv_',''),N[0][(s,'auto')][2])
    # per-round spread
    print("round spread new w8 (7168,16384,1):",[x[(('7168','16384','1'),'w8')][0] for x in N],"old:",[x[(('7168','16384','1'),'w8')][0] for x in O])
    allpass=all(v[4]=='true' for x in N+O for v in x.values()); print("all passed:",allpass)
