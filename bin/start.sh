#!/usr/bin/env bash
# Runs the product: builds the plugin and boots an embedded WordPress (Playground CLI, SQLite, no
# Docker) with the plugin mounted and active and the administrator logged in.
# blueprint.json makes it a demo site the first time: a small company blog (posts, About, Pricing,
# Contact) and 90 days of visits seeded through the built-in collector (Seeder), with the built-in
# source chosen, so the reports page opens on real-looking reports. Option flags keep later starts
# from adding the content or the visits again.
#   npm start                 keeps the site in .wp/site between runs
#   RESET=1 npm start         starts again from a fresh, freshly seeded site
#   PORT=9500 npm start       another port (default 9400)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

[ -d node_modules/@wp-playground/cli ] || npm install --no-audit --no-fund
bash bin/wp-core.sh
npm run build --silent

if [ "${RESET:-0}" = "1" ]; then
	rm -rf .wp/site
fi
fresh=0
if [ ! -f .wp/site/wp-includes/version.php ]; then
	cp -r .wp/core .wp/site
	fresh=1
fi

port="${PORT:-9400}"
url="http://127.0.0.1:${port}/wp-admin/admin.php?page=monsterinsights_reports"
echo
echo "  Reports page: ${url}"
echo "  (logged in automatically; otherwise user: admin, password: password)"
if [ "$fresh" = "1" ]; then
	echo "  A new site: creating the demo content and seeding 90 days of visits before \"Ready!\""
	echo "  (about two minutes; later starts reuse .wp/site and take seconds)."
fi
echo

exec node_modules/.bin/wp-playground-cli server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${root}/.wp/site:/wordpress" \
	--wordpress-install-mode=install-from-existing-files-if-needed \
	--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
	--mount="${root}/bin/demo/mu-plugins:/wordpress/wp-content/mu-plugins" \
	--blueprint="${root}/blueprint.json" \
	--login
