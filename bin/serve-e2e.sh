#!/usr/bin/env bash
# The embedded WordPress the end-to-end tests run against: a fresh copy of the core for every run,
# the plugin mounted and activated by tests/e2e/blueprint.json (no data source, no demo traffic:
# the site starts "not connected"), the test-only helpers of tests/e2e/mu-plugins mounted as
# must-use plugins, and no automatic login (the tests log in).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${E2E_PORT:-9410}"
# One site folder per port, so runs on different ports (E2E_PORT) do not share it.
site="${root}/.wp/e2e"
[ -z "${E2E_PORT:-}" ] || site="${root}/.wp/e2e-${port}"
rm -rf "$site"
bash bin/fresh-core.sh "$site"
exec node_modules/.bin/wp-playground-cli server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${site}:/wordpress" \
	--wordpress-install-mode=install-from-existing-files \
	--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
	--mount="${root}/tests/e2e/mu-plugins:/wordpress/wp-content/mu-plugins" \
	--blueprint="${root}/tests/e2e/blueprint.json"
