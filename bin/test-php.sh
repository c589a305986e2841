#!/usr/bin/env bash
# PHPUnit integration tests against a real WordPress (.wp/core) and a real MariaDB: as a single site,
# as a multisite network, as a single site with the real WooCommerce active (tests/php/WooCommerce:
# the shop capture) and as a single site with the real Easy Digital Downloads active (tests/php/Edd);
# the shop plugins from bin/third-party.sh. Extra arguments go to PHPUnit (e.g. --filter boot).
# The four runs are independent (each installs WordPress into a database and a content folder of its
# own: WP_TESTS_DB_NAME, WP_TESTS_DB_NAME_ms, WP_TESTS_DB_NAME_wc and WP_TESTS_DB_NAME_edd;
# WP_TESTS_CONTENT_DIR, WP_TESTS_CONTENT_DIR-ms, and for each shop plugin a folder outside the
# repository, ${TMPDIR:-/tmp}/monsterinsights-reports-tests-<database>, or
# WP_TESTS_CONTENT_DIR_WOOCOMMERCE / WP_TESTS_CONTENT_DIR_EDD), so they run side by side when the
# machine has two CPUs or more (TEST_PHP_PARALLEL=0 runs them one after the other). Each run's output
# is printed whole, single site first, then a line per run with its result.
# Exits non-zero when any run fails.
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

# DbSqliteTest runs the SQLite Database Integration that Playground CLI ships (npm start's site
# runs on it), unpacked once per copy of it; PHP needs pdo_sqlite (bin/setup-system.sh).
sqlite_zip=node_modules/@wp-playground/cli/sqlite-database-integration.zip
sqlite_dir=.wp/sqlite-integration
if [ ! -f "$sqlite_zip" ]; then
	echo "test-php: $sqlite_zip is missing. Run: npm ci" >&2
	exit 1
fi
if [ ! -f "$sqlite_dir/.from" ] || [ "$sqlite_zip" -nt "$sqlite_dir/.from" ]; then
	rm -rf "$sqlite_dir"
	mkdir -p "$sqlite_dir"
	unzip -q "$sqlite_zip" -d "$sqlite_dir"
	touch "$sqlite_dir/.from"
fi
php -r 'exit( extension_loaded( "pdo_sqlite" ) ? 0 : 1 );' || { echo "test-php: PHP lacks pdo_sqlite. Run: bash bin/setup-system.sh" >&2; exit 1; }

db="${WP_TESTS_DB_NAME:-monsterinsights_reports_tests}"
content="${WP_TESTS_CONTENT_DIR:-${root}/.wp/tests-content}"
bash bin/mariadb.sh "$db"
bash bin/mariadb.sh "${db}_ms" | tail -n 1
bash bin/mariadb.sh "${db}_wc" | tail -n 1
bash bin/mariadb.sh "${db}_edd" | tail -n 1
# Outside the repository: the plugin is a symlink to it, so a plugin under it would be taken for part
# of this one (plugin_basename()).
wc_content="${WP_TESTS_CONTENT_DIR_WOOCOMMERCE:-${TMPDIR:-/tmp}/monsterinsights-reports-tests-${db}_wc}"
edd_content="${WP_TESTS_CONTENT_DIR_EDD:-${TMPDIR:-/tmp}/monsterinsights-reports-tests-${db}_edd}"

parallel="${TEST_PHP_PARALLEL:-1}"
[ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] || parallel=0

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
runs=(single multisite woocommerce edd)
declare -A titles=([single]='single site' [multisite]=multisite [woocommerce]=WooCommerce [edd]='Easy Digital Downloads')
run() { # run single|multisite|woocommerce|edd
	case "$1" in
		single)
			WP_TESTS_MULTISITE=0 WP_TESTS_DB_NAME="$db" WP_TESTS_CONTENT_DIR="$content" \
				vendor/bin/phpunit --testsuite single-site "${@:2}"
			;;
		multisite)
			WP_TESTS_MULTISITE=1 WP_TESTS_DB_NAME="${db}_ms" WP_TESTS_CONTENT_DIR="${content}-ms" \
				vendor/bin/phpunit --testsuite multisite "${@:2}"
			;;
		woocommerce)
			WP_TESTS_MULTISITE=0 WP_TESTS_WOOCOMMERCE=1 WP_TESTS_DB_NAME="${db}_wc" WP_TESTS_CONTENT_DIR="$wc_content" \
				vendor/bin/phpunit --testsuite woocommerce "${@:2}"
			;;
		edd)
			WP_TESTS_MULTISITE=0 WP_TESTS_EDD=1 WP_TESTS_DB_NAME="${db}_edd" WP_TESTS_CONTENT_DIR="$edd_content" \
				vendor/bin/phpunit --testsuite edd "${@:2}"
			;;
	esac
}

declare -A results
status=0
if [ "$parallel" = 1 ]; then
	declare -A pids
	for name in "${runs[@]}"; do
		run "$name" "$@" >"$out/$name" 2>&1 &
		pids[$name]=$!
	done
	for name in "${runs[@]}"; do
		results[$name]=0
		wait "${pids[$name]}" || results[$name]=$?
	done
	for name in "${runs[@]}"; do
		echo "test-php: ${titles[$name]}"
		cat "$out/$name"
	done
else
	for name in "${runs[@]}"; do
		echo "test-php: ${titles[$name]}"
		results[$name]=0
		run "$name" "$@" || results[$name]=$?
	done
fi
for name in "${runs[@]}"; do
	if [ "${results[$name]}" -eq 0 ]; then
		echo "test-php: ${titles[$name]}: passed"
	else
		echo "test-php: ${titles[$name]}: FAILED (exit ${results[$name]})"
		status=1
	fi
done

if [ "$status" -ne 0 ]; then
	echo "test-php: FAILED" >&2
fi
exit "$status"
