#!/usr/bin/env bash
# Runs every check and test of the project, in order, and stops at the first failure:
# lint (ESLint, PHPCS), static checks (tsc, PHPStan), i18n freshness, jest, PHPUnit (single site and
# multisite against MariaDB), end-to-end (Playwright in Chromium against the embedded WordPress),
# and the bundle-size budgets (`node bin/bench.mjs --sizes`; the full bench, `npm run bench`, is not
# part of the tests).
# On a fresh machine it first installs what is missing (system packages, npm and Composer packages,
# the WordPress core).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

step() { printf '\n==> %s\n' "$*"; }

step "Install: system packages, npm, Composer, WordPress core"
bash bin/setup-system.sh
# `npm install` (not `npm ci`): it follows package-lock.json, and unlike `npm ci` it tolerates the
# other platforms' optional binaries that the registry served here does not carry.
if [ ! -d node_modules/.bin ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm install --no-audit --no-fund
fi
if [ ! -x vendor/bin/phpunit ] || [ composer.json -nt vendor/autoload.php ]; then
	composer install --no-interaction --no-progress
fi
bash bin/wp-core.sh

step "Build"
npm run build --silent

step "Lint: ESLint"
npm run lint:js --silent
step "Lint: PHPCS (WordPress coding standards)"
vendor/bin/phpcs -q

step "Typecheck: tsc --noEmit"
npm run typecheck --silent
step "Static analysis: PHPStan"
vendor/bin/phpstan analyse --memory-limit=1G --no-progress

step "i18n: languages/monsterinsights-reports.pot is current"
node bin/i18n.mjs --check

step "Unit: jest"
npm run test:js --silent -- --ci

step "Integration: PHPUnit (single site, then multisite)"
bash bin/test-php.sh

step "End to end: Playwright in Chromium"
bash bin/test-e2e.sh

step "Bench: bundle sizes (the full bench is npm run bench)"
node bin/bench.mjs --sizes

printf '\nAll checks and tests passed.\n'
