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
step 'Unit tests (vitest)'
npm run --silent test:unit
step 'Browser tests (playwright, Chromium)'
npm run --silent test:e2e
