#!/usr/bin/env bash
# The embedded WordPress the end-to-end tests run against: a fresh copy of the core for every run,
# the plugin mounted and activated by blueprint.json, no automatic login (the tests log in).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${E2E_PORT:-9410}"
site="${root}/.wp/e2e"
rm -rf "$site"
cp -r .wp/core "$site"
exec node_modules/.bin/wp-playground-cli server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${site}:/wordpress" \
	--wordpress-install-mode=install-from-existing-files \
	--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
	--blueprint="${root}/blueprint.json"
