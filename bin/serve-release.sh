#!/usr/bin/env bash
# The release tests' WordPress: a fresh copy of the core (bin/fresh-core.sh) in Playground with no
# plugin and nothing of the repository mounted — the release zip is uploaded through wp-admin by
# the tests (tests/e2e/release.config.ts), as a site owner installs it — except one test-only
# must-use plugin (tests/e2e/release/mu-plugins) that sets the licence level through the plugin's
# filter, so the tests may pick today's range. No automatic login.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${RELEASE_E2E_PORT:-9425}"
site="${root}/.wp/release-${port}"
rm -rf "$site"
bash bin/fresh-core.sh "$site"
exec node_modules/.bin/wp-playground-cli server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${site}:/wordpress" \
	--wordpress-install-mode=install-from-existing-files \
	--mount="${root}/tests/e2e/release/mu-plugins:/wordpress/wp-content/mu-plugins" \
	--blueprint="${root}/tests/e2e/release/blueprint.json"
