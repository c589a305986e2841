#!/usr/bin/env bash
# The WordPress the end-to-end tests run against: a fresh site for every run, the plugin active (no
# data source, no demo traffic: the site starts "not connected"), a subscriber, the test-only helpers
# of tests/e2e/mu-plugins as must-use plugins, and no automatic login (the tests log in). The form
# plugins the Forms report's test submits to, and WooCommerce and Easy Digital Downloads for the
# shop's tests (the eCommerce columns and the shop's currency; the eCommerce reports on either
# shop), are copied into the site's plugins folder, inactive,
# from bin/third-party.sh (../shared/wp-plugins, else their official downloads, at the versions and
# checksums of bin/third-party.txt; the test activates one). One that cannot be had stops the
# server with an error naming what to provide.
#
# E2E_SERVER chooses the server:
#   php (default)  PHP's built-in web server with E2E_PHP_WORKERS workers (default 4) and MariaDB:
#                  a copy of .wp/core whose wp-content links the plugin and the helpers, a database
#                  of its own per port (mir_e2e_<port>), installed by tests/e2e/native/install.php and
#                  routed by tests/e2e/native/router.php. Several requests at a time, native PHP.
#   playground     the embedded WordPress `npm start` runs (Playground CLI, PHP in WebAssembly,
#                  SQLite), set up by tests/e2e/blueprint.json; one request at a time.
#
# E2E_MULTISITE=1 (php server only): the site is the main site of a subdirectory multisite network
# instead (tests/e2e/native/install.php, then tests/e2e/native/network.php once wp-config.php defines
# MULTISITE): the plugin network-activated, the administrator the network's super admin, and one
# sub-site at /sub/ (the router maps /sub/wp-admin/… and the like to the core's files, as a
# subdirectory network's rewrite rules do). Only tests/e2e/specs/google-network.spec.ts runs on it;
# give it a port of its own (E2E_PORT), since the site's folder and database are per port.
#
# E2E_FAKETIME (php server only), e.g. '2026-06-15 12:00:00': PHP's clock starts at that UTC instant
# for the installation and for the server (libfaketime, Debian's faketime package) and runs on from
# there, so the site's "today", its posts' dates and the traffic seeded relative to them are the same
# on every run: the visual tests (tests/e2e/visual.config.ts) compare screenshots against baselines.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${E2E_PORT:-9410}"
# One site folder per port, so runs on different ports (E2E_PORT) do not share it; outside the
# checkout, because the PHP server's site links the plugin to the checkout and WordPress maps every
# path under a linked plugin's real folder back into that plugin (plugin_basename()): another
# plugin of a site inside the checkout would get a wrong name, and its activation hook would not run.
site="${TMPDIR:-/tmp}/monsterinsights-reports-e2e-${port}"
rm -rf "$site"
# A real copy of the core, without what a run may have left in it (bin/fresh-core.sh).
bash bin/fresh-core.sh "$site"
mkdir -p "$site/wp-content/plugins/monsterinsights-reports"
# A fresh copy per site: Formidable writes into its own folder.
for plugin in contact-form-7 wpforms-lite formidable ninja-forms woocommerce easy-digital-downloads; do
	copy="$(bash bin/third-party.sh "$plugin")"
	cp -r "${copy}/${plugin}" "${site}/wp-content/plugins/"
done

if [ "${E2E_SERVER:-php}" = playground ]; then
	exec node_modules/.bin/wp-playground-cli server \
		--port="${port}" \
		--php=8.2 \
		--mount-before-install="${site}:/wordpress" \
		--wordpress-install-mode=install-from-existing-files \
		--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
		--mount="${root}/tests/e2e/mu-plugins:/wordpress/wp-content/mu-plugins" \
		--blueprint="${root}/tests/e2e/blueprint.json"
fi

# The fake Google server (tests/fake-google, docs/development.md) of this site, on port + 1000 (the
# e2e tests reach its control endpoints there: tests/e2e/site.ts fakeGoogle()); it stops with the server.
google_port="$((port + 1000))"
# And its fake AI provider (tests/fake-ai, an OpenAI-compatible chat-completions server whose answers
# the tests script) on port + 2000: tests/e2e/site.ts fakeAi() and FAKE_AI_URL; the tests connect
# the site to it through the plugin's own provider settings.
ai_port="$((port + 2000))"
db="mir_e2e_${port}"
bash bin/mariadb.sh "$db" >/dev/null
mariadb --protocol=socket -uroot -e "DROP DATABASE IF EXISTS \`${db}\`; CREATE DATABASE \`${db}\`; GRANT ALL ON \`${db}\`.* TO '${WP_TESTS_DB_USER:-mir_tests}'@'localhost';"
rm -rf "$site/wp-content/plugins/monsterinsights-reports"
ln -sfn "$root" "$site/wp-content/plugins/monsterinsights-reports"
rm -rf "$site/wp-content/mu-plugins"
ln -sfn "$root/tests/e2e/mu-plugins" "$site/wp-content/mu-plugins"
salt() { head -c 48 /dev/urandom | base64 | tr -d '\n/+='; }
{
	echo '<?php'
	echo "define( 'DB_NAME', '${db}' );"
	echo "define( 'DB_USER', '${WP_TESTS_DB_USER:-mir_tests}' );"
	echo "define( 'DB_PASSWORD', '${WP_TESTS_DB_PASSWORD:-mir_tests}' );"
	echo "define( 'DB_HOST', '${WP_TESTS_DB_HOST:-localhost}' );"
	echo "define( 'DB_CHARSET', 'utf8mb4' );"
	echo "define( 'DB_COLLATE', '' );"
	for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
		echo "define( '${key}', '$(salt)' );"
	done
	echo "\$table_prefix = 'wp_';"
	echo "define( 'WP_DEBUG', true );"
	echo "define( 'WP_DEBUG_LOG', true );"
	echo "define( 'WP_DEBUG_DISPLAY', false );"
	echo "define( 'WP_HTTP_BLOCK_EXTERNAL', true );"
	# The google source talks to this site's fake Google server (started below).
	echo "define( 'MONSTERINSIGHTS_REPORTS_GOOGLE_BASE', 'http://127.0.0.1:${google_port}' );"
	echo "define( 'AUTOMATIC_UPDATER_DISABLED', true );"
	echo "define( 'WP_AUTO_UPDATE_CORE', false );"
	echo "if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }"
	echo "require_once ABSPATH . 'wp-settings.php';"
} >"$site/wp-config.php"
clock=()
if [ -n "${E2E_FAKETIME:-}" ]; then
	libfaketime="$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)"
	[ -n "$libfaketime" ] || { echo "serve-e2e: E2E_FAKETIME needs libfaketime: run bash bin/setup-system.sh" >&2; exit 1; }
	# '@': the clock starts at that instant when PHP starts and then runs at its normal pace (a
	# clock that stood still would hang PHP's uniqid(), which waits for the next microsecond).
	clock=(env "LD_PRELOAD=${libfaketime}" "FAKETIME=@${E2E_FAKETIME}" TZ=UTC)
	# The reports' "now" (Real-Time's last 30 minutes) stays at that instant: the e2e helpers
	# (tests/e2e/mu-plugins) pin the monsterinsights_reports_now filter to it.
	MONSTERINSIGHTS_REPORTS_E2E_NOW="$(TZ=UTC date -d "${E2E_FAKETIME} UTC" +%s)"
	export MONSTERINSIGHTS_REPORTS_E2E_NOW
fi
"${clock[@]}" php tests/e2e/native/install.php "$site" "http://127.0.0.1:${port}"
if [ "${E2E_MULTISITE:-}" = 1 ]; then
	# The network's constants, before wp-settings.php loads; then the plugin and the sub-site.
	network_config="define( 'WP_ALLOW_MULTISITE', true ); define( 'MULTISITE', true ); define( 'SUBDOMAIN_INSTALL', false ); define( 'DOMAIN_CURRENT_SITE', '127.0.0.1:${port}' ); define( 'PATH_CURRENT_SITE', '/' ); define( 'SITE_ID_CURRENT_SITE', 1 ); define( 'BLOG_ID_CURRENT_SITE', 1 );"
	sed -i "/^if ( ! defined( 'ABSPATH' ) )/i ${network_config}" "$site/wp-config.php"
	"${clock[@]}" php tests/e2e/native/network.php "$site" "http://127.0.0.1:${port}"
	# The router maps a sub-site's paths to the core's files.
	export MONSTERINSIGHTS_REPORTS_E2E_MULTISITE=1
fi
rm -rf "$(php -r 'echo rtrim(sys_get_temp_dir(), "/");')/mir-fake-google-${google_port}"
php -S "127.0.0.1:${google_port}" tests/fake-google/router.php >/dev/null 2>&1 &
google=$!
rm -rf "$(php -r 'echo rtrim(sys_get_temp_dir(), "/");')/mir-fake-ai-${ai_port}"
php -S "127.0.0.1:${ai_port}" tests/fake-ai/router.php >/dev/null 2>&1 &
ai=$!
PHP_CLI_SERVER_WORKERS="${E2E_PHP_WORKERS:-4}" "${clock[@]}" php -d opcache.enable=1 -d memory_limit=512M \
	-S "127.0.0.1:${port}" -t "$site" tests/e2e/native/router.php &
server=$!
trap 'kill "$server" "$google" "$ai" 2>/dev/null || true' EXIT INT TERM
wait "$server"
