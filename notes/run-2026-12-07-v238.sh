#!/usr/bin/env bash
# v238 (thirty-ninth session), as run (one command on a warm H100): the final bundle (main with
# the four-warp band up to 13 row tiles per SM): every GPU test, 60 --pdl differential cases,
# and the automatic choice on the band's upper edge. Carry ["target/exp-s2x"].
mkdir -p /tmp/br && tar -C /tmp/br -xJf target/exp-s2x/branch-bundle.tar.xz; B=/tmp/br/bundle/bin/nvfp4-gemv; NVFP4_TEST_TIMEOUT=150 /tmp/br/bundle/run.sh test 2>&1 | grep -E "^===|test result|FAILED|panicked" | tee $OUT/v238-test.log; timeout 60 $B --pdl fuzz --cases 60 2>&1 | tail -1 | tee -a $OUT/v238-test.log; $B --pdl bench --replays 20 --shapes "25600,2048,1;26624,2048,1;13312,2048,2;28672,2048,1;7168,2048,1" --csv $OUT/v238-auto.csv 2>&1 | grep -E "^nvfp4|ceiling" | tee $OUT/v238-auto.log
