#!/usr/bin/env bash
# v222 (thirty-seventh session): on an H100 that came for an H200 call (about 280 s of device
# time left): main's CLI against the patched CLI (extra-skew.tar.xz), --pdl, the stream-K twin's
# four shapes, two rounds, with the bench's `check` column (v219 dropped it). Carry ["target/bundle"].
R=$OUT/r; mkdir -p $R /tmp/x; tar -C /tmp/x -xJf target/bundle/extra-skew.tar.xz; S="4096,7168,8;14336,7168,1;9216,16384,1;10240,10240,1"; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt; for i in 1 2; do timeout 50 target/bundle/bin/nvfp4-gemv --pdl bench --replays 20 --shapes "$S" --csv $R/main$i.csv > $R/main$i.log 2>&1; timeout 50 /tmp/x/skew/nvfp4-gemv --pdl bench --replays 20 --shapes "$S" --csv $R/skew$i.csv > $R/skew$i.log 2>&1; done; for f in main1 skew1 main2 skew2; do echo "== $f"; grep -E "^read|^nvfp4" $R/$f.log | awk '{print $1, $3, $5, $NF}'; done
