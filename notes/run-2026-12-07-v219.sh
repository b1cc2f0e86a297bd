#!/usr/bin/env bash
# v219 (thirty-sixth session, ran on an H100 80GB HBM3 right after v217): main's CLI against the
# CLI of main plus notes/experiment-2026-12-07-skew-default.patch (skew 4 and four prefetched
# stages the --pdl default for the stream-K twin), each with its own default choices, --pdl,
# 20 replays, in the order main, patched, main, patched. Carry ["target/bundle"] with
# target/bundle/extra-skew.tar.xz (the patched CLI and `gpu` test binary, built as v216 says).
# As run, the awk printed $1,$3,$5,$7 only and dropped the `check` column; it now prints it ($NF).
mkdir -p /tmp/x && tar -C /tmp/x -xJf target/bundle/extra-skew.tar.xz
S="4096,7168,8;14336,7168,1;9216,16384,1;10240,10240,1;8448,16384,1;7168,16384,1"
for i in 1 2; do for v in main skew; do
  B=target/bundle/bin/nvfp4-gemv; [ $v = skew ] && B=/tmp/x/skew/nvfp4-gemv
  echo "== $v $i"
  timeout 50 $B --pdl bench --replays 20 --shapes "$S" 2>&1 | grep -E "^nvfp4|ceiling" | awk '{print $1,$3,$5,$7,$NF}'
done; done
