#!/usr/bin/env bash
# End-to-end tests: Playwright drives Debian's Chromium (/usr/bin/chromium) against a fresh
# embedded WordPress started by the Playwright config (bin/serve-e2e.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ -x /usr/bin/chromium ] || { echo "Chromium is missing: run bash bin/setup-system.sh" >&2; exit 1; }
[ -f build/reports.asset.php ] || npm run build --silent
bash bin/wp-core.sh >/dev/null
mkdir -p artifacts/e2e
CI="${CI:-1}" exec node_modules/.bin/playwright test -c tests/e2e/playwright.config.ts "$@"
