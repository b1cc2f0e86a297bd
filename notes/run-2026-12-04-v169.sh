#!/usr/bin/env bash
# v169 (2026-12-04, twenty-second session): (4096,7168,1) plain ran 3.6% slower with the new
# binary in v168 on bm16_k1024_s4_w8_p2, whose SASS is the old one's but for register names.
# Alternating old/new, three rounds: the shape alone with the automatic choice, and the entry
# point forced; CSVs -> $OUT (tarred with the logs).
set -u
NEW=target/bundle/bin/nvfp4-gemv
OLD=target/bundle-old/bin/nvfp4-gemv
mkdir -p $OUT/r
for round in 1 2 3; do
  for v in old new; do
    B=$NEW; [ $v = old ] && B=$OLD
    $B bench --shapes "4096,7168,1;4096,14336,1;8192,7168,1" --csv $OUT/r/auto-$round-$v.csv > $OUT/r/auto-$round-$v.log 2>&1 || echo "FAILED auto $round $v"
    $B bench --shapes "4096,7168,1" --variant nvfp4_gemv_bm16_k1024_s4_w8_p2,nvfp4_gemv_bm16_k512_s4 --csv $OUT/r/var-$round-$v.csv > $OUT/r/var-$round-$v.log 2>&1 || echo "FAILED var $round $v"
  done
done
tar -C $OUT -czf $OUT/v169.tgz r && rm -rf $OUT/r
python3 - <<'P'
import csv,os,tarfile,io
O=os.environ['OUT']; t=tarfile.open(f'{O}/v169.tgz')
res={}
for m in t.getmembers():
    if not m.name.endswith('.csv'): continue
    kind,rnd,v=m.name.split('/')[-1][:-4].split('-')
    for r in csv.DictReader(io.TextIOWrapper(t.extractfile(m))):
        res.setdefault((kind,r['m'],r['k'],r['l'],r['kernel'].replace('nvfp4_gemv_',''),r['splits']),{}).setdefault(v,[]).append(float(r['time_us_median']))
for k,d in sorted(res.items()): print(k, 'old', d.get('old'), 'new', d.get('new'))
P
