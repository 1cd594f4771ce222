#!/usr/bin/env bash
# The browser tests' server: the built api serving the built web app, on a throw-away data
# directory and uncommon ports so it never meets a developer's `npm start`. Playwright stops it
# with SIGTERM; the api then stops its embedded PostgreSQL, Temporal, speech service and Mailpit,
# and the data goes away.
set -euo pipefail
cd "$(dirname "$0")/../.."

# E2E_WEB_DIST: a private copy of the built app, so a colleague's rebuild of web/dist mid-run
# (one machine, several engineers) does not pull the pages out from under the browser.
web_dist=${E2E_WEB_DIST:-web/dist}
for f in api/dist/main.js "$web_dist/index.html"; do
  [[ -f $f ]] || { echo "serve.sh: $f is missing; run \`npm run build\` first" >&2; exit 1; }
done

data=$(mktemp -d -t questlog-e2e.XXXXXX)
# As root, embedded PostgreSQL runs initdb as the postgres user, who must be able to enter the directory.
chmod 755 "$data"
export DATA_DIR=$data
# Below the kernel's ephemeral range (32768-60999): a service the api tests started on a free
# port can never hold one of these (a fresh-clone run once lost Temporal's 39172 that way).
export PORT=${E2E_PORT:-29170}
export EMBEDDED_PG_PORT=${E2E_PG_PORT:-29171}
export TEMPORAL_EMBEDDED_PORT=${E2E_TEMPORAL_PORT:-29172}
export TEMPORAL_UI_PORT=${E2E_TEMPORAL_UI_PORT:-29173}
export SPEECH_EMBEDDED_PORT=${E2E_SPEECH_PORT:-29174}
# The api's embedded Mailpit catches its mail; specs read it over HTTP (support/mailpit.ts).
export MAILPIT_SMTP_PORT=${E2E_MAIL_SMTP_PORT:-29176}
export MAILPIT_UI_PORT=${E2E_MAIL_UI_PORT:-29177}
export WEB_DIST=$web_dist
export NODE_ENV=test
# A browser recording is cut and transcribed every 10 s instead of every minute, so the tests see
# its transcript grow while it goes on within seconds (record.spec.ts).
export RECORDING_LIVE_CHUNK_SECONDS=${E2E_RECORDING_LIVE_CHUNK_SECONDS:-10}

# E2E_BILLING_MODE=stripe (playwright.stripe.config.ts): Stripe Checkout against stripe-mock, which
# speaks Stripe's HTTP API. Both its listeners get our ports (its HTTPS default, 12112, may be taken),
# and it must not read the api's PORT.
mock=
if [[ ${E2E_BILLING_MODE:-} == stripe ]]; then
  [[ -x .tools/stripe-mock ]] || { echo "serve.sh: .tools/stripe-mock is missing; run scripts/setup.sh" >&2; exit 1; }
  mock_port=${E2E_STRIPE_MOCK_PORT:-29175}
  env -u PORT .tools/stripe-mock -http-addr "127.0.0.1:$mock_port" -https-addr "127.0.0.1:" >/dev/null &
  mock=$!
  export BILLING_MODE=stripe STRIPE_SECRET_KEY=sk_test_e2e STRIPE_WEBHOOK_SECRET=whsec_e2e
  export STRIPE_API_BASE=http://127.0.0.1:$mock_port
fi

node api/dist/main.js &
api=$!
stop() {
  kill -TERM "$api" 2>/dev/null || true
  [[ -z $mock ]] || kill -TERM "$mock" 2>/dev/null || true
}
trap stop TERM INT
# `wait` returns early when a trapped signal arrives; wait again for the api's own shutdown.
wait "$api" || true
wait "$api" 2>/dev/null || true
[[ -z $mock ]] || wait "$mock" 2>/dev/null || true
# PostgreSQL also got the signal (Playwright signals the whole process group) and may still be
# finishing its own shutdown; removing its directory under it would fail half-way.
for _ in $(seq 1 50); do
  pgrep -f -- "$data" >/dev/null || [[ -f $data/postgres/postmaster.pid ]] || break
  sleep 0.2
done
rm -rf "$data"
