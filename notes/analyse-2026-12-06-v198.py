import csv,statistics as st
# Run v198's old/new comparison (new: b/sfb on their own mbarrier; old: main at ba5482f);
# run from the repository root.
R='notes/'
V=["auto","w8","w8_tiled","s4_p2","16_p2","16_w8_p2","16_s4"]
def load(mode,n,r):
    rows=list(csv.DictReader(open(f'{R}bench-2026-12-06-v198-{mode}-{n}-{r}.csv')))
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
        for v in V:
            n=st.mean(x[(s,v)][0] for x in N); o=st.mean(x[(s,v)][0] for x in O)
            line+=f" | {v}: {o:.2f}->{n:.2f} ({100*(n/o-1):+.1f}%)"
        print(line, "auto=",N[0][(s,'auto')][1].replace('nvfp4_gemv_',''),N[0][(s,'auto')][2])
    print("round spread new w8 (7168,16384,1):",[x[(('7168','16384','1'),'w8')][0] for x in N],"old:",[x[(('7168','16384','1'),'w8')][0] for x in O])
    allpass=all(v[4]=='true' for x in N+O for v in x.values()); print("all passed:",allpass)
