#!/usr/bin/env bash
# `npm test`: the whole suite. `npm test -- <words>`: only the jest and Vitest files and Playwright
# specs whose path matches one of the words, with the services they need (each step starts and
# stops its own). Every run, passed or failed, ends with each phase's wall time and the slowest
# files (scripts/test-summary.mjs), so the next person sees where the time goes.
set -euo pipefail
cd "$(dirname "$0")/.."
timing=test-results/timing
rm -rf "$timing" && mkdir -p "$timing"
# The run's own wall time too: the phases' sum overstates it where phases ran side by side.
trap 'echo "$SECONDS" >"$timing/total-seconds"; node scripts/test-summary.mjs "$timing" || true' EXIT

# The CPU seconds (user + sys) of every process this shell has waited for so far: the phases'
# commands and what they started and waited for (jest's workers, the services it stops). `times` is
# a builtin and reports the shell it runs in, so it must not run in a $(...) subshell: cpu sets CPU.
# A lane (a subshell) counts only its own children.
cpu() {
  local file=$timing/times${LANE:+.$LANE}
  times >"$file"
  CPU=$(awk 'function s(t) { split(t, p, /[ms]/); return p[1] * 60 + p[2] } NR == 2 { printf "%.0f", s($1) + s($2) }' "$file")
}
# run NAME COMMAND...: one phase, timed (wall and CPU seconds); a failure still stops the run
# (set -e), after its line. LANE names the lane a phase ran in when lanes run side by side.
run() {
  local name=$1 start=$SECONDS status=0 cpu_start
  cpu && cpu_start=$CPU
  shift
  printf '\n=== %s\n' "$name"
  "$@" || status=$?
  cpu
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" $((SECONDS - start)) "$status" $((CPU - cpu_start)) "${LANE:-}" >>"$timing/phases.tsv"
  return "$status"
}
jest() { QUESTLOG_HANDLES_LOG=$PWD/$timing/handles.tsv npx jest -c api/jest.config.js --ci --json --outputFile="$timing/jest.json" "$@"; }
# The web's unit tests (web/vitest.config.ts: web/src/**/*.test.ts, in Node), a JSON report beside jest's.
vitest() {
  npx vitest run -c web/vitest.config.ts --reporter=default --reporter=json \
    --outputFile.json="$PWD/$timing/vitest.json" "$@"
}
# Whether web/src has unit test files whose path holds one of the words.
has_unit_tests() { [ -n "$(npx vitest list -c web/vitest.config.ts --filesOnly "$@" 2>/dev/null)" ]; }
# Each Playwright run writes its own JSON report next to the list reporter's lines.
playwright() {
  local config=$1
  shift
  PLAYWRIGHT_JSON_OUTPUT_FILE="$timing/$(basename "$config" .ts).json" \
    npx playwright test -c "$config" --reporter=list,json "$@"
}
# Whether a Playwright config has specs matching the words (listing starts no server).
has_specs() { npx playwright test -c "$1" --list "${@:2}" >/dev/null 2>&1; }
# part NAME COMMAND...: one of the static checks, in the background, its output and time kept.
part() {
  local name=$1
  shift
  (
    start=$SECONDS status=0
    "$@" >"$timing/$name.log" 2>&1 || status=$?
    printf '%s %s\n' $((SECONDS - start)) "$status" >"$timing/$name.status"
  ) &
}
# The static checks at once: each is one process (a core at most) and none reads what another
# writes (eslint parses without types, so the workflows build of typecheck is not its input).
# bench/'s types (swc runs the benches untyped) follow lint, the shortest part: the static phase
# took 130 s against ~105 without them (a fresh clone at 57046c8). At the end of the browser lane
# instead they overlapped jest's last audio tests, two of which timed out on a slow run; here they
# run before jest starts. Each one's output follows in turn under a line with its time and exit
# status; any failure fails it.
static_checks() {
  part typecheck npm run --silent typecheck --workspaces
  part lint-and-bench-types bash -c 'npm run --silent lint && npm run --silent typecheck:bench'
  part pytest .tools/speech/bin/python -m pytest -q speech/tests
  wait
  local name status=0 seconds code
  for name in typecheck lint-and-bench-types pytest; do
    read -r seconds code <"$timing/$name.status"
    printf -- '--- %s (%ss, exit %s)\n' "$name" "$seconds" "$code"
    cat "$timing/$name.log"
    [ "$code" = 0 ] || status=1
  done
  return "$status"
}

run "setup (installs what is missing; a no-op once done)" bash scripts/setup.sh

# The browser lane: the build, then both Playwright runs (their server holds fixed ports, so one
# after the other). Its own subshell, so its phases' CPU is its own.
browser_lane() {
  run "build (the browser tests run the built api and web app)" npm run --silent build
  run "web: browser tests (Playwright, Debian Chromium, real api)" playwright web/playwright.config.ts
  run "web: browser tests with Stripe Checkout (Playwright, api in Stripe mode against stripe-mock)" \
    playwright web/playwright.stripe.config.ts
}

if [ $# -eq 0 ]; then
  # Seconds, so a broken unit stops the run before the minutes of the checks and lanes.
  run "web: unit tests (Vitest)" vitest
  run "typecheck, lint and the speech service's pytest (the real model), at once" static_checks
  # jest and the browser tests at once: alone, jest keeps 1.5 of the 2 cores busy and the browser
  # tests 1.4 (sampled per process; `times` sees less, as it misses their daemonized PostgreSQL), so
  # side by side they fill both cores: about jest alone plus three minutes, where in turn they took
  # jest plus the browser tests' four (issue 27). They share nothing: jest's services take ports from
  # 20000-27999 (api/test/free-port.ts), the browser tests' server fixed ones above (29170-29177). The
  # browser lane's lines are prefixed; a failure in either lane fails the run once both have ended,
  # so one lane's failure never hides the other's.
  set +e
  # Three jest workers, not the config's two: once the browser lane ends, jest runs alone for minutes
  # and two workers keep only 1.5 cores busy (a second run: 10m24 with two, 9m55 with three).
  (set -e; LANE=api; run "api: unit + integration (jest, real PostgreSQL + Temporal)" jest --maxWorkers=3) &
  api_lane=$!
  (LANE=browser; (set -e; browser_lane) 2>&1 | sed -u 's/^/[browser] /') &
  web_lane=$!
  wait "$api_lane"
  api_status=$?
  wait "$web_lane"
  web_status=$?
  set -e
  # An explicit exit: a failed test in an && list is not one `set -e` stops on unless it comes last,
  # so `[ api ] && [ web ]` let a failed api lane through to `exit 0` (a fresh-clone gate, issue 27).
  if [ "$api_status" != 0 ] || [ "$web_status" != 0 ]; then exit 1; fi
  exit 0
fi

# A focused run: the words are path patterns for jest and Vitest and filters for Playwright.
ran=0
if has_unit_tests "$@"; then
  run "web: Vitest files matching: $*" vitest "$@"
  ran=1
fi
if [ -n "$(npx jest -c api/jest.config.js --listTests "$@" 2>/dev/null)" ]; then
  run "api: jest files matching: $*" jest "$@"
  ran=1
fi
configs=()
for config in web/playwright.config.ts web/playwright.stripe.config.ts; do
  if has_specs "$config" "$@"; then configs+=("$config"); fi
done
if [ ${#configs[@]} -gt 0 ]; then
  run "build (the browser tests run the built api and web app)" npm run --silent build
  for config in "${configs[@]}"; do run "web: $(basename "$config" .ts) specs matching: $*" playwright "$config" "$@"; done
  ran=1
fi
[ "$ran" = 1 ] || { echo "npm test: no jest file, Vitest file or Playwright spec matches: $*" >&2; exit 1; }
