#!/usr/bin/env bash
# Runs the plugin directory's own checker, Plugin Check 1.2 (all categories, static and runtime
# checks), through its WP-CLI command on the release zip, installed on a fresh WordPress (.wp/core,
# a MariaDB database of its own), and fails on any error. Warnings are printed; docs/release.md
# ("Plugin Check") explains each one that remains.
#
# Plugin Check and WP-CLI come from bin/third-party.sh: ../shared/tools/ (plugin-check-1.2.0.tar.gz,
# wp-cli-2.11.0.tar.gz, or PLUGIN_CHECK_TOOLS=/a/folder with the same two files), else their
# official downloads (Plugin Check's zip, WP-CLI's phar), checked against bin/third-party.txt; a
# copy that cannot be had is an error that names what to provide.
#
# Usage: bash bin/plugin-check.sh [monsterinsights-reports.zip]   (default: builds it first)
# Database: ${WP_TESTS_DB_NAME:-monsterinsights_reports_tests}_pc (bin/mariadb.sh creates it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
slug=monsterinsights-reports

checker="$(bash bin/third-party.sh plugin-check)"
cli="$(bash bin/third-party.sh wp-cli)"

site="$(mktemp -d)"
[ -n "${PLUGIN_CHECK_KEEP:-}" ] || trap 'rm -rf "$site"' EXIT
[ -z "${PLUGIN_CHECK_KEEP:-}" ] || echo "plugin-check: the site stays in $site"
zip="${1:-}"
if [ -z "$zip" ]; then
	zip="$site/$slug.zip"
	bash bin/plugin-zip.sh "$zip" >/dev/null
fi

db="${WP_TESTS_DB_NAME:-monsterinsights_reports_tests}_pc"
user="${WP_TESTS_DB_USER:-mir_tests}"
pass="${WP_TESTS_DB_PASSWORD:-mir_tests}"
host="${WP_TESTS_DB_HOST:-localhost}"
bash bin/mariadb.sh "$db" >/dev/null
mariadb -u"$user" -p"$pass" -h"$host" -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\`" 2>/dev/null ||
	mariadb --protocol=socket -uroot -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\`"

wp="$site/wordpress"
bash bin/fresh-core.sh "$wp"
cp -r "$checker/plugin-check" "$wp/wp-content/plugins/"
unzip -q "$zip" -d "$wp/wp-content/plugins"
cat >"$wp/wp-config.php" <<PHP
<?php
define( 'DB_NAME', '$db' );
define( 'DB_USER', '$user' );
define( 'DB_PASSWORD', '$pass' );
define( 'DB_HOST', '$host' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', true );
\$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
php -r '
define( "WP_INSTALLING", true );
$_SERVER["HTTP_HOST"] = "localhost";
require $argv[1] . "/wp-load.php";
require_once ABSPATH . "wp-admin/includes/upgrade.php";
add_filter( "pre_wp_mail", "__return_true" );
wp_install( "Plugin Check", "admin", "admin@example.org", false, "", "password" );
' "$wp" >/dev/null

# The shared copy is WP-CLI with its commands installed by Composer; the download is its phar.
if [ -f "$cli/wp-cli/vendor/bin/wp" ]; then
	wpcli=("$cli/wp-cli/vendor/bin/wp")
else
	wpcli=(php "$(find "$cli" -maxdepth 1 -name '*.phar' | head -n 1)")
fi
wpcli+=(--path="$wp" --url=http://localhost)
[ "$(id -u)" -ne 0 ] || wpcli+=(--allow-root)
"${wpcli[@]}" plugin activate plugin-check "$slug"

report="$site/report.json"
status=0
"${wpcli[@]}" plugin check "$slug" --format=json \
	--require="$wp/wp-content/plugins/plugin-check/cli.php" >"$report" 2>"$site/stderr" || status=$?
node bin/plugin-check-report.mjs "$report" "$site/stderr" "$status"
