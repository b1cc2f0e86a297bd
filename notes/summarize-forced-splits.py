#!/usr/bin/env python3
"""Summarises a forced-split CSV (column `forced`: auto or a count; the bench CSV's columns
after it): per shape, the automatic choice, the fastest count, and the gap (auto / fastest - 1,
the twentieth session's convention). Counts launched in clusters are marked c, through the
global workspace g. Shapes whose gap is over 3% are marked <<.

usage: summarize-forced-splits.py CSV [CSV...]"""
import csv
import sys

for path in sys.argv[1:]:
    rows = list(csv.DictReader(open(path)))
    failed = sum(r["passed"] != "true" for r in rows)
    print(f"== {path}: rows {len(rows)} failed: {failed}")
    shapes = {}
    for r in rows:
        key = (int(r["m"]), int(r["k"]), int(r["l"]))
        shapes.setdefault(key, {})[r["forced"]] = r
    gaps = []
    for key in sorted(shapes, key=lambda s: (s[1], s[2], s[0])):
        d = shapes[key]
        if "auto" not in d:
            continue
        auto = d["auto"]
        forced = {int(f): r for f, r in d.items() if f != "auto"}
        best = min(forced, key=lambda f: float(forced[f]["time_us_median"]))
        ta, tb = float(auto["time_us_median"]), float(forced[best]["time_us_median"])
        gap = ta / tb - 1
        gaps.append(gap)
        mark = lambda r: "c" if r["split_reduce"] == "cluster" else ("g" if r["split_reduce"] == "global" else "")
        cells = " ".join(f"{f}:{float(forced[f]['time_us_median']):.2f}{mark(forced[f])}" for f in sorted(forced))
        kern = auto["kernel"].removeprefix("nvfp4_gemv_")
        print(f"{key} {kern} auto {auto['splits']}{mark(auto)} {ta:.2f} best {best} {tb:.2f} "
              f"gap {100 * gap:+.1f}% | {cells}{' <<' if gap > 0.03 else ''}")
    if gaps:
        print(f"mean gap {100 * sum(gaps) / len(gaps):+.2f}% over {len(gaps)} shapes, "
              f"{sum(g > 0.03 for g in gaps)} over 3%")
