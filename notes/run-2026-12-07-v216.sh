#!/usr/bin/env bash
# v216 (thirty-sixth session): the second call on the same H200 after v215, only if v215's band
# says skew 4 + four prefetched stages wins for the stream-K twin under --pdl. It runs the CLI and
# the `gpu` test binary of main plus notes/experiment-2026-12-07-skew-default.patch (host-only,
# PTX byte-identical to main's), shipped as target/bundle/extra-skew.tar.xz:
#  1. the table of record, --pdl then plain (the default choices of the patched host);
#  2. the patched `gpu` tests (their skew cases now include the default), --pdl fuzz.
# Build (on the CPU machine; main's bundle first, `cargo xtask bundle`, stripped as usual):
#   git worktree add /tmp/wt HEAD && cd /tmp/wt && git apply notes/experiment-2026-12-07-skew-default.patch
#   cargo xtask bundle && cd target/bundle && strip bin/* tests/gpu && mkdir -p /tmp/xs/skew
#   cp bin/nvfp4-gemv tests/gpu /tmp/xs/skew/ && tar -C /tmp/xs -cJf <main>/target/bundle/extra-skew.tar.xz skew
# (about 2 MB; the PTX is byte-identical to main's). The patch's `gpu` test also runs the twin with
# the host's default skew under --pdl (case `(true, None)`, added after v217 ran).
# Carry ["target/bundle"].
set -u
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { echo "not an H200:"; nvidia-smi -L; exit 3; }
R=/tmp/v216/r; mkdir -p $R; SECONDS=0
tar -C /tmp/v216 -xJf target/bundle/extra-skew.tar.xz
X=/tmp/v216/skew
pack() { tar -C /tmp/v216 -czf $OUT/v216.tgz r; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee $R/device.txt
timeout 90 $X/nvfp4-gemv --pdl bench --shapes bench --csv $R/rec-pdl.csv > $R/rec-pdl.log 2>&1; cat $R/rec-pdl.log; pack
timeout 90 $X/nvfp4-gemv bench --shapes bench --csv $R/rec-plain.csv > $R/rec-plain.log 2>&1; cat $R/rec-plain.log; pack
NVFP4_REQUIRE_GPU=1 timeout 150 $X/gpu --test-threads=1 2>&1 | grep -E "test result|FAILED|panicked" | tee $R/test.log
{ timeout 60 $X/nvfp4-gemv --pdl fuzz --cases 120 2>&1 | tail -1; timeout 60 $X/nvfp4-gemv fuzz --cases 60 2>&1 | tail -1; } | tee -a $R/test.log
echo "=== done at ${SECONDS}s"; pack
