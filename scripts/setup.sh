#!/usr/bin/env bash
# Installs what a fresh clone on a fresh Debian machine lacks; quick no-op when all is there.
# Run by `npm start` (prestart) and `npm test` (scripts/test.sh, its first phase) and so by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

TEMPORAL_VERSION=v1.5.1   # v1.6+ cannot be `go install`ed (replace directive in its go.mod)
STRIPE_MOCK_VERSION=v0.197.0  # stripe-mock: the Stripe API stand-in of the billing tests
MAILPIT_VERSION=v1.33.1   # Mailpit: catches the app's mail when SMTP_URL is unset (npm start, tests)
APT_PACKAGES=(ffmpeg chromium espeak-ng flite sox python3-venv)
MOTO_VERSION=5.2.1        # moto_server: the S3-compatible server of the storage tests
say() { printf '[setup] %s\n' "$*"; }
# Go tools and venvs are built once per machine into a store outside the clone, linked from .tools/.
. scripts/tool-cache.sh
# go_tool DIR MODULE@VERSION: a Go tool built from source into DIR (static, no cgo, its own go.mod).
go_tool() { mkdir -p "$1" && CGO_ENABLED=0 GOBIN="$1" GOFLAGS=-mod=mod go install "$2"; }
# A Go tool's store key: the module and version, and the Go that builds it.
go_key() { printf '%s %s' "$1" "$(go env GOVERSION)"; }
build_temporal() { go_tool "$1" "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION"; }
build_stripe_mock() { go_tool "$1" "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"; }

# 1. System tools from Debian's packages.
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null; then
    say "missing Debian packages: ${missing[*]} (install them as root)"; exit 1
  fi
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  say "installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. npm dependencies, when absent or older than the lock file (install scripts: package.json allowScripts).
# --prefer-offline: the lock names every version, so npm's cache (~/.npm) answers without asking the
# registry whether its copy is fresh (a fresh clone: 125 s -> 72 s here); what it lacks still comes
# from the registry.
# `npm install`, not `npm ci`: the registry we install from has not always served other-platform
# optional packages (e.g. @swc/core-darwin-arm64), and `npm ci` refuses a lock without them (since
# 2026-11-25 it does, and the lock lists them). `npm install` keeps the locked versions; CI fails if
# it had to change the lock.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  lock_before=$(cksum < package-lock.json)
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --prefer-offline
  if [ "${CI:-}" = true ] && [ "$(cksum < package-lock.json)" != "$lock_before" ]; then
    say "package-lock.json does not match package.json: run npm install and commit the lock file"; exit 1
  fi
fi

# 3. The Temporal dev server binary, once, into the ignored .tools/ (not needed with TEMPORAL_ADDRESS).
if [ -z "${TEMPORAL_ADDRESS:-}" ] && [ ! -x .tools/temporal ]; then
  if command -v go >/dev/null; then
    say "the Temporal CLI $TEMPORAL_VERSION into .tools/ (its first build on this machine takes a few minutes)"
    cached_tool .tools/temporal temporal "$(go_key temporal "$TEMPORAL_VERSION")" build_temporal temporal
  else
    say "Go is missing: letting the Temporal SDK download the dev server (needs internet access)"
    node scripts/download-temporal-cli.mjs || {
      say "no Temporal dev server: install Go (https://go.dev/dl), or set TEMPORAL_ADDRESS to a Temporal server"
      exit 1
    }
  fi
fi

# 4. stripe-mock (Stripe's own API stand-in, for the billing tests), once, into .tools/. Only tests use it.
if [ ! -x .tools/stripe-mock ]; then
  if command -v go >/dev/null; then
    say "stripe-mock $STRIPE_MOCK_VERSION into .tools/"
    cached_tool .tools/stripe-mock stripe-mock "$(go_key stripe-mock "$STRIPE_MOCK_VERSION")" build_stripe_mock stripe-mock
  else
    # `npm start` does not need it, so only say so.
    say "Go is missing: no stripe-mock, so the billing tests cannot run (install Go: https://go.dev/dl)"
  fi
fi

# 4b. Mailpit, once, into .tools/: `npm start` sends its mail there unless SMTP_URL is set, and the
# tests read mail through its API. Its Go module lacks the web inbox's built scripts (server/ui/dist,
# made by Mailpit's own npm toolchain, whose lock asks for packages the registry does not serve), so
# they are built here from scripts/mailpit-ui (pinned) before `go build`; about 30 s. Should that
# fail, plain `go install` still gives SMTP, the API and /view/<id>.txt, with blank pages (docs/mail.md);
# that one goes into .tools/ only, so the store never keeps a Mailpit without its inbox.
build_mailpit() {
  local module src status=0
  module=$(GOFLAGS=-mod=mod go mod download -json "github.com/axllent/mailpit@$MAILPIT_VERSION" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).Dir))') &&
    src=$(mktemp -d) || return 1
  cp -r "$module"/. "$src"/ && chmod -R u+w "$src" &&
    cp scripts/mailpit-ui/package.json scripts/mailpit-ui/package-lock.json scripts/mailpit-ui/build.mjs "$src"/ &&
    (cd "$src" && npm install --no-audit --no-fund --prefer-offline --ignore-scripts --loglevel=error >/dev/null &&
      node build.mjs && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -o "$1/mailpit" \
      -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$MAILPIT_VERSION" .) || status=1
  rm -rf "$src"
  return "$status"
}
if [ ! -x .tools/mailpit ]; then
  if command -v go >/dev/null; then
    say "Mailpit $MAILPIT_VERSION with its web inbox into .tools/ (its first build on this machine takes ~30 s)"
    mailpit_key="$(go_key mailpit "$MAILPIT_VERSION") $(cat scripts/mailpit-ui/package.json scripts/mailpit-ui/package-lock.json scripts/mailpit-ui/build.mjs | cksum)"
    if ! cached_tool .tools/mailpit mailpit "$mailpit_key" build_mailpit mailpit; then
      say "Mailpit's web inbox could not be built: installing Mailpit without it (API and /view/<id>.txt work)"
      rm -f .tools/mailpit
      go_tool "$PWD/.tools" "github.com/axllent/mailpit@$MAILPIT_VERSION"
    fi
  else
    say "Go is missing: no Mailpit, so the tests cannot read mail (install Go: https://go.dev/dl)"
    [ -n "${SMTP_URL:-}" ] || { say "npm start needs Mailpit or SMTP_URL"; exit 1; }
  fi
fi

# 5. The embedded speech service (speech/): its hash-pinned virtualenv and the Whisper models.
bash scripts/setup-speech.sh

# 6. moto_server (an S3-compatible server the storage tests run against), in a venv in the store.
build_moto() {
  python3 -m venv "$1" && "$1/bin/pip" install -q --disable-pip-version-check "moto[server]==$MOTO_VERSION"
}
if [ ! -x .tools/moto/bin/moto_server ]; then
  say "moto $MOTO_VERSION into .tools/moto"
  cached_tool .tools/moto moto "$MOTO_VERSION $(python_key)" build_moto
fi

# 7. schemathesis (the OpenAPI fuzzer of api/test/openapi-fuzz.test.ts), in its own venv in the store
# from hash-pinned requirements. The stamp, as for the speech venv: a changed pin or Python rebuilds it.
FUZZ_REQS=api/test/fuzz-requirements.txt
fuzz_stamp="$(cksum < "$FUZZ_REQS") $(python3 -c 'import sys; print(sys.version.split()[0])')"
build_fuzz() {
  python3 -m venv "$1" &&
    "$1/bin/pip" install -q --disable-pip-version-check --no-input --require-hashes -r "$FUZZ_REQS" &&
    printf '%s\n' "$fuzz_stamp" >"$1/.questlog-stamp"
}
if [ ! -x .tools/fuzz/bin/schemathesis ] || [ "$(cat .tools/fuzz/.questlog-stamp 2>/dev/null)" != "$fuzz_stamp" ]; then
  say "schemathesis into .tools/fuzz (the OpenAPI fuzz test)"
  cached_tool .tools/fuzz fuzz "$(sha256sum <"$FUZZ_REQS") $(python_key)" build_fuzz
fi
