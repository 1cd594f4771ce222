#!/usr/bin/env bash
# `npm test`: the whole suite. Each step starts and stops the services it needs itself.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s\n' "$*"; }

step "typecheck"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "speech service (pytest, the real model)"; .tools/speech/bin/python -m pytest -q speech/tests
step "api: unit + integration (jest, real PostgreSQL + Temporal)"; npx jest -c api/jest.config.js --ci
step "build (the browser tests run the built api and web app)"; npm run --silent build
step "web: browser tests (Playwright, Debian Chromium, real api)"; npx playwright test -c web/playwright.config.ts
step "web: browser tests with Stripe Checkout (Playwright, api in Stripe mode against stripe-mock)"; npx playwright test -c web/playwright.stripe.config.ts
