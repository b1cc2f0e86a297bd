#!/usr/bin/env bash
# v85 (2026-12-03, twelfth session): choose_variant on layer shapes of real models, plain and --pdl:
# every entry point and the automatic choice. Decode-time GEMVs (M = output features, K = input features):
# Llama-3.1-8B qkv/o/gate_up/down, Llama-3.1-70B qkv/o/gate_up/down, Qwen2.5-32B qkv/o/gate_up/down,
# Mixtral-8x7B expert w1/w3 and w2 with two experts (L = 2).
set -u
B=target/bundle/bin
S="6144,4096,1;4096,4096,1;28672,4096,1;4096,14336,1;10240,8192,1;8192,8192,1;57344,8192,1;8192,28672,1;7168,5120,1;5120,5120,1;55296,5120,1;5120,27648,1;14336,4096,2;4096,14336,2"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for mode in plain pdl; do
  flag=""; [ $mode = pdl ] && flag="--pdl"
  echo "=== $mode every entry point"; timeout 200 $B/nvfp4-gemv $flag bench --variant all --shapes "$S" --replays 10 --csv $OUT/models-all-$mode.csv 2>&1 | grep -cE "^nvfp4"
  echo "=== $mode auto"; timeout 100 $B/nvfp4-gemv $flag bench --shapes "$S" --replays 20 --csv $OUT/models-auto-$mode.csv 2>&1 | grep -E "^nvfp4|ceiling"
done
