#!/usr/bin/env python3
"""Compares the old and new binaries of a run with columns round,binary (first: old, new):
per shape the plan of round 1 and the mean time over the rounds; changed and unchanged.
usage: compare-old-new.py CSV"""
import csv,sys,collections,statistics
rows=list(csv.DictReader(open(sys.argv[1])))
print("failed:", sum(r['passed']!='true' for r in rows))
t=collections.defaultdict(list); plan={}
for r in rows:
    key=(int(r['m']),int(r['k']),int(r['l']))
    t[(key,r['binary'])].append(float(r['time_us_median']))
    if r['round']=='1': plan[(key,r['binary'])]=(r['kernel'].removeprefix('nvfp4_gemv_'),r['splits']+('c' if r['split_reduce']=='cluster' else 'g' if r['split_reduce']=='global' else ''))
ch=[];un=[]
for key in sorted({k for k,_ in t}, key=lambda s:(s[1],s[0])):
    o=statistics.mean(t[(key,'old')]); n=statistics.mean(t[(key,'new')]); d=n/o-1
    if plan[(key,'old')]!=plan[(key,'new')]:
        ch.append(d); print(f"{key} {plan[(key,'old')][0]} {plan[(key,'old')][1]} -> {plan[(key,'new')][1]} old {o:6.2f} new {n:6.2f} {100*d:+5.1f}% rounds {len(t[(key,'old')])}")
    else: un.append(d)
if ch: print(f"changed {len(ch)}: faster {sum(d<0 for d in ch)}, mean {100*statistics.mean(ch):+.1f}%, min {100*min(ch):+.1f}% max {100*max(ch):+.1f}%")
if un: print(f"unchanged {len(un)}: mean {100*statistics.mean(un):+.2f}% range {100*min(un):+.1f}..{100*max(un):+.1f}%")
