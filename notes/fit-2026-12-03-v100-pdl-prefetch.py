#!/usr/bin/env python3
"""Runs v99/v100 (2026-12-03, fourteenth session): stages of `a` requested before
griddepcontrol.wait under PDL. Prints each shape's median µs per mode and, per mode, the mean
and max slowdown against the fastest mode of that shape.

    python3 notes/fit-2026-12-03-v100-pdl-prefetch.py [RUN]   (RUN: v100, the default, or v99)
"""
import csv, glob, os, sys

run = sys.argv[1] if len(sys.argv) > 1 else "v100"
here = os.path.dirname(os.path.abspath(__file__))
files = sorted(glob.glob(os.path.join(here, f"bench-2026-12-03-{run}-*.csv")))
modes, times, order = [], {}, []
for f in files:
    mode = os.path.basename(f)[len(f"bench-2026-12-03-{run}-"):-4]
    modes.append(mode)
    for r in csv.DictReader(open(f)):
        key = (int(r["m"]), int(r["k"]), int(r["l"]))
        if key not in order:
            order.append(key)
        times[(key, mode)] = float(r["time_us_median"])
print("shape".ljust(18) + "".join(m.rjust(16) for m in modes))
for key in order:
    row = [times.get((key, m)) for m in modes]
    best = min(t for t in row if t is not None)
    cells = "".join((f"{t:8.2f}{'*' if t == best else ' '}".rjust(16) if t else "-".rjust(16)) for t in row)
    print(f"{str(key).replace(' ', ''):18}" + cells)
print()
for m in modes:
    slow = []
    for key in order:
        row = [times[(key, x)] for x in modes if (key, x) in times]
        if (key, m) in times:
            slow.append(times[(key, m)] / min(row) - 1)
    print(f"{m:16} mean {100 * sum(slow) / len(slow):5.1f}%  max {100 * max(slow):5.1f}%  over {len(slow)} shapes")
