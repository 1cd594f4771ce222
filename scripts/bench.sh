#!/usr/bin/env bash
# `npm run bench`: every benchmark in bench/, one after another, each printing its own figures.
# Not part of `npm test`: they take minutes and need the disk space they measure with.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm run bench -- load-fault qa-retrieval` runs only the benchmarks named.
if [ $# -gt 0 ]; then benches=("${@/#/bench/}"); benches=("${benches[@]/%/.ts}"); else benches=(bench/*.ts); fi
for bench in "${benches[@]}"; do
  printf '\n=== %s\n' "$bench"
  node -r ./api/test/swc-register.cjs "$bench"
done
