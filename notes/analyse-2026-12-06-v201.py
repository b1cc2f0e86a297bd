import csv, statistics as st, sys
# Run v201 (notes/run-2026-12-06-v201.sh): main (A, `b_full`) against main at ba5482f (O) on
# seven shapes, two rounds per binary and mode; the short-K shapes of NEXT's item 2; the
# --pdl sweep of the eight-warp 32-row tiles against the rule. Run from the repository root;
# the argument is the CSVs' prefix (default: the H100 run).
R = sys.argv[1] if len(sys.argv) > 1 else 'notes/bench-2026-12-06-v201-'
V = ["auto", "w8", "w8_tiled", "16_w8_p2", "16_p2"]


def load(name, variants):
    d = {}
    for i, row in enumerate(csv.DictReader(open(f'{R}{name}.csv'))):
        shape = (int(row['m']), int(row['k']), int(row['l']))
        d[(shape, variants[i % len(variants)])] = (float(row['time_us_median']), row['kernel'].replace('nvfp4_gemv_', ''), row['passed'])
    return d


passed = True
for mode in ['pdl', 'plain']:
    X = {b: [load(f'{mode}-{b}-{r}', V) for r in (1, 2)] for b in "AO"}
    print(f"=== {mode}: O -> A (mean of two rounds, µs; % against O); automatic choice named last")
    shapes = list(dict.fromkeys(k[0] for k in X['A'][0]))
    for s in shapes:
        line = f"{s}"
        for v in V:
            m = {b: st.mean(x[(s, v)][0] for x in X[b]) for b in "AO"}
            line += f" | {v} {m['O']:.2f} -> {m['A']:.2f} ({100 * (m['A'] / m['O'] - 1):+.1f}%)"
        print(line, "|", X['A'][0][(s, 'auto')][1])
    passed &= all(v[2] == 'true' for b in "AO" for x in X[b] for v in x.values())
print("=== short K, --pdl, automatic choice: O -> A (mean of two rounds)")
SK = {b: [load(f'pdl-{b}-sk{r}', ["auto"]) for r in (1, 2)] for b in "AO"}
for (s, _) in SK['A'][0]:
    m = {b: st.mean(x[(s, 'auto')][0] for x in SK[b]) for b in "AO"}
    print(s, SK['A'][0][(s, 'auto')][1], f"{m['O']:.2f} -> {m['A']:.2f} ({100 * (m['A'] / m['O'] - 1):+.1f}%)")
    passed &= all(v[2] == 'true' for b in "AO" for x in SK[b] for v in x.values())
print("=== --pdl sweep: the eight-warp 32-row tiles against the automatic choice (one run, 10 replays)")
W = load('sweep-pdl', ["auto", "w8", "w8t"])
for s in sorted({k[0] for k in W}):
    a = W[(s, 'auto')]
    print(s, a[1], f"{a[0]:.2f}", f"w8 {100 * (W[(s, 'w8')][0] / a[0] - 1):+.1f}% w8_tiled {100 * (W[(s, 'w8t')][0] / a[0] - 1):+.1f}%")
passed &= all(v[2] == 'true' for v in W.values())
print("every row passed its check:", passed)
