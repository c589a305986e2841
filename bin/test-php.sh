#!/usr/bin/env bash
# PHPUnit integration tests against a real WordPress (.wp/core) and a real MariaDB: first as a single
# site, then as a multisite network. Extra arguments go to PHPUnit (e.g. --filter boot).
# Exits non-zero when either run fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [ ! -x vendor/bin/phpunit ]; then
	echo "test-php: vendor/bin/phpunit is missing. Run: composer install" >&2
	exit 1
fi
[ -f .wp/core/wp-settings.php ] || bash bin/wp-core.sh
if [ ! -f build/reports.asset.php ] || [ ! -f build/data/uap-regexes.json ]; then
	echo "test-php: build/ is incomplete; building"
	npm run build --silent >/dev/null
fi
bash bin/mariadb.sh

status=0
echo "test-php: single site"
WP_TESTS_MULTISITE=0 vendor/bin/phpunit --testsuite single-site "$@" || status=1
echo "test-php: multisite"
WP_TESTS_MULTISITE=1 vendor/bin/phpunit --testsuite multisite "$@" || status=1

if [ "$status" -ne 0 ]; then
	echo "test-php: FAILED" >&2
fi
exit "$status"
