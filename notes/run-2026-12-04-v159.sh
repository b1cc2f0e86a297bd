#!/usr/bin/env bash
# v159 (2026-12-04, twenty-first session): the checks of v158 on the final bundle (18f33f4, after the review; the uneven clustered count, the PDL
# fallback's downward search, five or six splits padded to a cluster of eight): every GPU test
# with NVFP4_REQUIRE_GPU=1 (run.sh test; gemv_automatic_cluster_plans has (64, 10240, 1) and
# (1152, 20480, 1) and (768, 11264, 1)), 60 + 60 differential cases (plain, --pdl), and the four compute-sanitizer
# tools with plain and --pdl launches (run.sh sanitize; a new case, (64, 10240, 1): five splits
# in a cluster of eight). Logs -> $OUT.
set -u
B=target/bundle/bin/nvfp4-gemv
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
{ echo "=== gpu tests"; target/bundle/run.sh test --nocapture 2>&1 | grep -E "^===|test result|FAILED|panicked|SKIP|pdl (true|false): "; echo "run.sh test rc ${PIPESTATUS[0]}"; } | tee $OUT/test.log
{ echo "=== fuzz"; $B fuzz --cases 60 2>&1 | tail -1; $B --pdl fuzz --cases 60 2>&1 | tail -1; } | tee -a $OUT/test.log
{ target/bundle/run.sh sanitize 2>&1 | grep -E "^===|ERROR SUMMARY|RACECHECK SUMMARY|FAILED|pass|FAIL"; echo "run.sh sanitize rc ${PIPESTATUS[0]}"; } > $OUT/sanitize.log
grep -E "^===|SUMMARY|rc|FAIL" $OUT/sanitize.log | sort | uniq -c | head -30
