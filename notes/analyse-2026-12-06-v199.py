import csv,statistics as st,sys
# Run v199: N (b_full, refill on release), A (b_full, one-producer refill still waits for the
# next tile's `a`), O (main at ba5482f); run from the repository root.
R=sys.argv[1] if len(sys.argv)>1 else 'notes/bench-2026-12-06-v199-'
V=["auto","w8","w8_tiled","16_w8_p2","16_p2"]
def load(mode,n,r):
    try:
        rows=list(csv.DictReader(open(f'{R}{mode}-{n}-{r}.csv')))
    except FileNotFoundError:
        return None
    d={}
    for i,row in enumerate(rows):
        shape=(row['m'],row['k'],row['l']); v=V[i%len(V)]
        d[(shape,v)]=(float(row['time_us_median']),row['kernel'],row['splits'],float(row['pct_of_ceiling']),row['passed'])
    return d
for mode in ['pdl','plain']:
    print("=== ",mode, "O -> N / A (mean of rounds; % against O)")
    X={b:[x for x in (load(mode,b,r) for r in (1,2)) if x] for b in "NAO"}
    if not all(X.values()): print("missing"); continue
    shapes=[]
    for k in X['N'][0]:
        if k[0] not in shapes: shapes.append(k[0])
    for s in shapes:
        line=f"({','.join(s)})"
        for v in V:
            m={b:st.mean(x[(s,v)][0] for x in X[b]) for b in "NAO"}
            line+=f" | {v}: {m['O']:.2f} N {m['N']:.2f} ({100*(m['N']/m['O']-1):+.1f}%) A {m['A']:.2f} ({100*(m['A']/m['O']-1):+.1f}%)"
        print(line, "auto=",X['N'][0][(s,'auto')][1].replace('nvfp4_gemv_',''),X['N'][0][(s,'auto')][2])
    print("rounds per binary:",{b:len(X[b]) for b in "NAO"}, "spread w8 (7168,16384,1):",{b:[x[(('7168','16384','1'),'w8')][0] for x in X[b]] for b in "NAO"})
    print("all passed:",all(v[4]=='true' for b in "NAO" for x in X[b] for v in x.values()))
