#!/usr/bin/env bash
# Every check, in the order CI runs them: formatting, lint, types, unit tests, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$1"; }

step 'Formatting (prettier --check)'
npm run --silent format:check
step 'Lint (eslint)'
npm run --silent lint
step 'Type check (tsc)'
npm run --silent typecheck
# The server's integration tests run on the embedded database and on a throwaway PostgreSQL
# server, which scripts/with-postgres.ts installs (as root) when missing, starts and removes.
step 'Unit and integration tests (vitest, with a throwaway PostgreSQL)'
# deploy/Caddyfile is tested with Debian's Caddy, installed here as root when missing.
npx tsx scripts/ensure-caddy.ts
npx tsx scripts/with-postgres.ts npx vitest run
step 'Production install (build, npm ci --omit=dev, npm start) in a throwaway copy'
npx tsx scripts/test-production-install.ts
step 'Browser tests (playwright, Chromium)'
npm run --silent test:e2e
