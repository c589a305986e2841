#!/usr/bin/env bash
# The embedded WordPress the end-to-end tests run against: a fresh copy of the core for every run,
# the plugin mounted and activated by tests/e2e/blueprint.json (no data source, no demo traffic:
# the site starts "not connected"), the test-only helpers of tests/e2e/mu-plugins mounted as
# must-use plugins, and no automatic login (the tests log in). The form plugins the Forms report's
# test submits to are unpacked into the site's plugins folder, inactive, from ../shared/wp-plugins
# when it is there (the test activates one and fails with a clear message without it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${E2E_PORT:-9410}"
# One site folder per port, so runs on different ports (E2E_PORT) do not share it.
site="${root}/.wp/e2e"
[ -z "${E2E_PORT:-}" ] || site="${root}/.wp/e2e-${port}"
rm -rf "$site"
# A real copy even when .wp/core is a link to a core elsewhere (cp -r would copy the link, and the
# site would write into that core), without what a run may have left in the core it was copied from.
mkdir -p "$site"
tar -C .wp/core -chf - --exclude=./wp-config.php --exclude=./wp-content/database --exclude=./wp-content/debug.log \
	--exclude=./wp-content/mu-plugins --exclude=./wp-content/uploads --exclude=./wp-content/plugins/monsterinsights-reports . |
	tar -C "$site" -xf -
mkdir -p "$site/wp-content/plugins/monsterinsights-reports"
shared="${root}/../shared/wp-plugins"
for plugin in contact-form-7-6.1.6; do
	[ ! -f "${shared}/${plugin}.tar.gz" ] || tar -xzf "${shared}/${plugin}.tar.gz" -C "${site}/wp-content/plugins"
done
exec node_modules/.bin/wp-playground-cli server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${site}:/wordpress" \
	--wordpress-install-mode=install-from-existing-files \
	--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
	--mount="${root}/tests/e2e/mu-plugins:/wordpress/wp-content/mu-plugins" \
	--blueprint="${root}/tests/e2e/blueprint.json"
