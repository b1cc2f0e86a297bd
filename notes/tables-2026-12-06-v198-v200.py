import csv,statistics as st
# The thirtieth session's tables in BENCHMARKS.md, from runs v198 (H200: main ba5482f "old"
# against N "new"), v199 (H100: O = main, N, A) and v200 (a second H100: O against A); means of
# the two rounds' medians. Run from the repository root.
def load(prefix,V,mode,n,r):
    rows=list(csv.DictReader(open(f'notes/bench-2026-12-06-{prefix}-{mode}-{n}-{r}.csv')))
    return {((row['m'],row['k'],row['l']),V[i%len(V)]):(float(row['time_us_median']),row['kernel'].replace('nvfp4_gemv_',''),row['splits']) for i,row in enumerate(rows)}
def mean(X,s,v): return st.mean(x[(s,v)][0] for x in X)
def pct(a,b): return f"{100*(a/b-1):+.1f}%"
V198=["auto","w8","w8_tiled","s4_p2","16_p2","16_w8_p2","16_s4"]
for mode in ['pdl','plain']:
    N=[load('v198',V198,mode,'new',r) for r in (1,2)]; O=[load('v198',V198,mode,'old',r) for r in (1,2)]
    shapes=list(dict.fromkeys(k[0] for k in N[0]))
    print(f"\nv198 H200 {mode}: main (ba5482f) → `b_full` with the refill on release (N), µs\n")
    print("| shape | automatic choice | auto | `bm32_k1024_s4_w8` | `…_w8_tiled` | `bm32_k1024_s4_p2` | `bm16_k512_s4_p2` | `bm16_k1024_s4_w8_p2` | `bm16_k512_s4` |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for s in shapes:
        a=N[0][(s,'auto')]
        cells=[f"{mean(O,s,v):.2f} → {mean(N,s,v):.2f} ({pct(mean(N,s,v),mean(O,s,v))})" for v in V198]
        print(f"| ({','.join(s)}) | `{a[1]}`{', '+a[2]+' splits' if a[2]!='1' else ''} | "+" | ".join(cells)+" |")
V199=["auto","w8","w8_tiled","16_w8_p2","16_p2"]
for mode in ['pdl','plain']:
    X={b:[load('v199',V199,mode,b,r) for r in (1,2)] for b in "NAO"}
    shapes=list(dict.fromkeys(k[0] for k in X['N'][0]))
    print(f"\nv199 H100 {mode}: main (O) µs, then N and A against it\n")
    print("| shape | auto: O / N / A | `bm32_k1024_s4_w8` | `…_w8_tiled` | `bm16_k1024_s4_w8_p2` | `bm16_k512_s4_p2` |")
    print("| --- | --- | --- | --- | --- | --- |")
    for s in shapes:
        cells=[]
        for v in V199:
            o,n,a=(mean(X[b],s,v) for b in "ONA")
            cells.append(f"{o:.2f} / {pct(n,o)} / {pct(a,o)}")
        print(f"| ({','.join(s)}) | "+" | ".join(cells)+" |")
V200=["auto","w8","w8_tiled","16_w8_p2"]
for mode in ['pdl','plain']:
    X={b:[load('v200',V200,mode,b,r) for r in (1,2)] for b in "AO"}
    shapes=list(dict.fromkeys(k[0] for k in X['A'][0]))
    print(f"\nv200 H100 (second machine) {mode}: main → A, µs\n")
    print("| shape | automatic choice | auto | `bm32_k1024_s4_w8` | `…_w8_tiled` | `bm16_k1024_s4_w8_p2` |")
    print("| --- | --- | --- | --- | --- | --- |")
    for s in shapes:
        a=X['A'][0][(s,'auto')]
        cells=[f"{mean(X['O'],s,v):.2f} → {mean(X['A'],s,v):.2f} ({pct(mean(X['A'],s,v),mean(X['O'],s,v))})" for v in V200]
        print(f"| ({','.join(s)}) | `{a[1]}`{', '+a[2]+' splits' if a[2]!='1' else ''} | "+" | ".join(cells)+" |")
