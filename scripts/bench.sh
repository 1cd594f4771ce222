#!/usr/bin/env bash
# `npm run bench`: every benchmark in bench/, one after another, each printing its own figures and
# ending with `RESULT name=value goal=… ok=…` lines, which are printed again together at the end.
# Not part of `npm test`: they take minutes and need the disk space they measure with.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm run bench -- load-fault qa-retrieval` runs only the benchmarks named.
if [ $# -gt 0 ]; then benches=("${@/#/bench/}"); benches=("${benches[@]/%/.ts}"); else benches=(bench/*.ts); fi
out=$(mktemp)
results=$(mktemp)
trap 'rm -f "$out" "$results"' EXIT
status=0
for bench in "${benches[@]}"; do
  printf '\n=== %s\n' "$bench"
  # One benchmark failing does not hide the others' figures; the run still fails at the end.
  node -r ./api/test/swc-register.cjs "$bench" | tee "$out" || status=1
  grep '^RESULT ' "$out" | sed "s|^|$(basename "$bench" .ts): |" >>"$results" || true
done
printf '\n=== results\n'
cat "$results"
exit $status
