#!/usr/bin/env bash
# Installs what a fresh clone on a fresh Debian machine lacks; quick no-op when all is there.
# Run by `npm start` and `npm test` (prestart/pretest) and so by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

TEMPORAL_VERSION=v1.5.1   # v1.6+ cannot be `go install`ed (replace directive in its go.mod)
APT_PACKAGES=(ffmpeg chromium espeak-ng sox pocketsphinx pocketsphinx-en-us)
say() { printf '[setup] %s\n' "$*"; }

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

# 2. The Temporal dev server binary, built once into the ignored .tools/.
if [ -z "${TEMPORAL_ADDRESS:-}" ] && [ ! -x .tools/temporal ]; then
  if command -v go >/dev/null; then
    say "building the Temporal CLI $TEMPORAL_VERSION into .tools/ (first run only; takes a few minutes)"
    mkdir -p .tools
    CGO_ENABLED=0 GOBIN="$PWD/.tools" GOFLAGS=-mod=mod go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION"
  else
    say "Go is missing: install Go (https://go.dev/dl) or set TEMPORAL_ADDRESS to an existing Temporal server"; exit 1
  fi
fi

# 3. npm dependencies, when absent or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
