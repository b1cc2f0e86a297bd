#!/usr/bin/env bash
# v136 (2026-12-04, nineteenth session): what the final clustered split rule (aa83b4a) leaves.
# Runs v129's and v133's shapes again with every split count 1, 2, 3, 4, 6, 8 forced and auto,
# plain and --pdl, one round; one CSV per mode (column `forced`).
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="128,4096,1;256,4096,1;512,4096,1;1024,4096,1"
for k in 6144 8192 12288 16384 20480 28672; do for m in 128 256 512 1024; do S="$S;$m,$k,1"; done; done
S="$S;2048,8192,1;2048,16384,1;2048,28672,1"
for m in 1152 1536; do for k in 8192 12288 16384 20480; do S="$S;$m,$k,1"; done; done
for m in 640 768; do for k in 16384 20480 28672; do S="$S;$m,$k,1"; done; done
S="$S;2048,12288,1;2048,20480,1"
for mode in plain pdl; do
  P=""; [ "$mode" = pdl ] && P="--pdl"
  for sp in auto 1 2 3 4 6 8; do
    t0=$(date +%s)
    timeout 100 $B $P bench --shapes "$S" --splits $sp --replays 30 --csv /tmp/$mode-$sp.csv > /tmp/$mode-$sp.log 2>&1 || { echo "FAILED $mode $sp"; tail -2 /tmp/$mode-$sp.log; }
    { [ -f $OUT/$mode.csv ] || echo "forced,$(head -1 /tmp/$mode-$sp.csv)"; tail -n +2 /tmp/$mode-$sp.csv | sed "s/^/$sp,/"; } >> $OUT/$mode.csv
    echo "$mode splits $sp: $(( $(date +%s) - t0 )) s"
  done
done
echo "=== done"
