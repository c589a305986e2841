#!/usr/bin/env bash
# Runs the product: boots an embedded WordPress (Playground CLI, SQLite, no Docker) with the plugin
# mounted and active (built first when build/ is not the build of the sources), and prints the
# reports page's URL once it answers.
# blueprint.json makes it a demo site the first time: a small company blog (posts, About, Pricing,
# Contact) and 90 days of visits seeded through the built-in collector (Seeder), with the built-in
# source chosen, so the reports page opens on real-looking reports. Option flags keep later starts
# from adding the content or the visits again.
# It is a local demo on 127.0.0.1: the must-use plugins of bin/demo/mu-plugins log any browser that
# opens wp-admin in as the administrator, and every new site folder gets random salts of its own.
#   npm start                 keeps the site in .wp/site between runs
#   RESET=1 npm start         starts again from a fresh, freshly seeded site
#   PORT=9500 npm start       another port (default 9400), with a site folder of its own (.wp/site-9500)
#   GOOGLE=1 npm start        the same site on the google source: the fake Google server
#                             (bin/fake-google.sh, port 9450 or FAKE_GOOGLE_PORT) runs beside it and
#                             stops with it, and the site is connected to the fake's GA4 property;
#                             a later start without GOOGLE=1 goes back to the built-in source
#   AI=1 npm start            Conversations AI (and the AI Insights' wording) against the fake AI
#                             provider (bin/fake-ai.sh, port 9460 or FAKE_AI_PORT), started beside
#                             it and stopped with it, an OpenAI-compatible server that answers
#                             questions about the site's numbers from the plugin's own tools; a later
#                             start without AI=1 takes the demo's provider away again
#   LEVEL=pro npm start       activates a test licence key of that level (basic, plus, pro, agency),
#                             minted with the test key pair the demo trusts (docs/licensing.md),
#                             so the paid reports show; without LEVEL the site keeps its licence
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
started=$SECONDS

port="${PORT:-9400}"
site="${root}/.wp/site"
[ "$port" = 9400 ] || site="${root}/.wp/site-${port}"
url="http://127.0.0.1:${port}/wp-admin/admin.php?page=monsterinsights_reports"
google="${GOOGLE:-0}"
google_port="${FAKE_GOOGLE_PORT:-9450}"
ai="${AI:-0}"
ai_port="${FAKE_AI_PORT:-9460}"
level="${LEVEL:-}"
case "$level" in
	'' | basic | plus | pro | agency) ;;
	*) echo "start: LEVEL must be basic, plus, pro or agency, not '${level}'" >&2; exit 1 ;;
esac
if [ "$google" = 1 ] && curl -s -o /dev/null "http://127.0.0.1:${google_port}/"; then
	echo "start: port ${google_port} is taken, the fake Google server needs it (FAKE_GOOGLE_PORT=another GOOGLE=1 npm start)" >&2
	exit 1
fi
if [ "$ai" = 1 ] && curl -s -o /dev/null "http://127.0.0.1:${ai_port}/"; then
	echo "start: port ${ai_port} is taken, the fake AI provider needs it (FAKE_AI_PORT=another AI=1 npm start)" >&2
	exit 1
fi

# build/ is committed with the hash of what it is built from (bin/build-hash.mjs). When it is
# current, as on a fresh clone, nothing is built, and without node_modules only the server is
# installed: bin/playground, WordPress Playground CLI alone from a lock file of its own (about 4,000
# files instead of the 90,000 the build and the tests need). Otherwise the npm packages (npm ci,
# from package-lock.json, when missing or older than it) and a build. The WordPress core (a
# download on a fresh clone) is fetched meanwhile.
bash bin/wp-core.sh >/dev/null &
core=$!
# WooCommerce for the demo shop: the release bin/third-party.txt pins, from the project machines'
# shared folder or its official download, checked and unpacked once into .wp/third-party.
shop_log="$(mktemp)"
bash bin/third-party.sh woocommerce >"$shop_log" 2>&1 &
shop=$!
# The plugin's runtime PHP packages (composer.json's require: firebase/php-jwt, which signs the
# google source's service-account tokens, and the MaxMind reader), as the release zip ships them:
# installed without the development tools when vendor/ is missing, as on a fresh clone.
composer=''
composer_log="$(mktemp)"
if [ ! -f vendor/autoload.php ]; then
	composer install --no-dev --no-interaction --no-progress >"$composer_log" 2>&1 &
	composer=$!
fi
current=0
if [ -f build/reports.asset.php ] && node bin/build-hash.mjs --check; then
	current=1
fi
cli=node_modules/.bin/wp-playground-cli
if [ "$current" = 1 ] && [ ! -x "$cli" ]; then
	cli=bin/playground/node_modules/.bin/wp-playground-cli
	if [ ! -x "$cli" ] || [ bin/playground/package-lock.json -nt bin/playground/node_modules/.package-lock.json ]; then
		npm ci --prefix bin/playground --prefer-offline --no-audit --no-fund --loglevel=error
	fi
elif [ ! -x "$cli" ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --prefer-offline --no-audit --no-fund --loglevel=error
fi
if ! wait "$core"; then
	echo "start: no WordPress core in .wp/core (bin/wp-core.sh failed)" >&2
	exit 1
fi
if ! wait "$shop"; then
	cat "$shop_log" >&2
	echo "start: no WooCommerce for the demo shop (bin/third-party.sh woocommerce failed)" >&2
	exit 1
fi
woocommerce="$(tail -n 1 "$shop_log")/woocommerce"
rm -f "$shop_log"
if [ -n "$composer" ] && ! wait "$composer"; then
	cat "$composer_log" >&2
	echo "start: the plugin's PHP packages could not be installed (composer install --no-dev)" >&2
	exit 1
fi
rm -f "$composer_log"

# Otherwise the data the PHP side reads (build/data) comes first; the app's bundle is built
# meanwhile, into a folder of its own (webpack empties its output folder first), while WordPress
# boots and the demo is seeded.
bundle=''
if [ "$current" = 0 ]; then
	node bin/build-data.mjs
	next="${root}/.wp/build-next-${port}"
	rm -rf "$next"
	(
		node_modules/.bin/wp-scripts build --output-path="$next" >"${next}.log" 2>&1 &&
			find build -mindepth 1 -maxdepth 1 ! -name data -exec rm -rf {} + &&
			cp -r "$next"/. build/ &&
			node bin/build-hash.mjs --write &&
			rm -rf "$next" "${next}.log"
	) &
	bundle=$!
fi

if [ "${RESET:-0}" = "1" ]; then
	rm -rf "$site"
fi
fresh=0
if [ ! -f "$site/wp-includes/version.php" ]; then
	rm -rf "$site"
	cp -r .wp/core "$site"
	fresh=1
fi
# Random salts, once per site folder (wp-config-sample.php's "put your unique phrase here" otherwise).
node bin/demo/salts.mjs "$site" "$root/blueprint.json" >"$site/.demo-blueprint.json"
# The google source against the fake Google server, or not: the demo's must-use plugin reads the
# fake's base URL from .demo-google.json (MONSTERINSIGHTS_REPORTS_GOOGLE_BASE), and the blueprint's
# last step connects the site to it, or takes the demo's connection away without it, and writes
# .demo-google-ready.json.
rm -f "$site/.demo-google.json" "$site/.demo-google-ready.json"
fake=''
fake_ai=''
server=''
trap 'kill ${server:+"$server"} ${bundle:+"$bundle"} ${fake:+"$fake"} ${fake_ai:+"$fake_ai"} 2>/dev/null || true' EXIT INT TERM
# Starts a fake server script (bin/fake-google.sh, bin/fake-ai.sh) on a port in the background and
# waits until it prints its base URL; its pid is then in $started_pid. Stops the start on failure.
start_fake() {
	local script="$1" port="$2" name="$3" log
	log="$(mktemp)"
	bash "$script" "$port" >"$log" 2>&1 &
	started_pid=$!
	until [ -s "$log" ]; do
		kill -0 "$started_pid" 2>/dev/null || break
		sleep 0.1
	done
	if ! kill -0 "$started_pid" 2>/dev/null; then
		cat "$log" >&2
		echo "start: ${name} did not start on port ${port}" >&2
		exit 1
	fi
	rm -f "$log"
}
if [ "$google" = 1 ]; then
	start_fake bin/fake-google.sh "$google_port" 'the fake Google server'
	fake=$started_pid
	printf '{"base":"http://127.0.0.1:%s"}\n' "$google_port" >"$site/.demo-google.json"
fi

# The fake AI provider, or not: the demo's must-use plugin connects Conversations AI to the base URL
# in .demo-ai.json, or takes the demo's connection away without it.
rm -f "$site/.demo-ai.json"
if [ "$ai" = 1 ]; then
	start_fake bin/fake-ai.sh "$ai_port" 'the fake AI provider'
	fake_ai=$started_pid
	printf '{"base":"http://127.0.0.1:%s/v1"}\n' "$ai_port" >"$site/.demo-ai.json"
fi

# A licence key of LEVEL for the demo's must-use plugin to activate once (it renames the file).
rm -f "$site/.demo-licence.json" "$site/.demo-licence.json.done"
if [ -n "$level" ]; then
	key="$(php bin/licence-key.php mint --secret tests/e2e/licence/test-secret.key --level "$level" --issued-to 'npm start demo')"
	printf '{"key":"%s"}\n' "$key" >"$site/.demo-licence.json"
fi

if [ "$fresh" = "1" ]; then
	echo "start: a new site in ${site#"$root"/}: creating the demo content and seeding 90 days of visits"
fi

"$cli" server \
	--port="${port}" \
	--php=8.2 \
	--mount-before-install="${site}:/wordpress" \
	--wordpress-install-mode=install-from-existing-files-if-needed \
	--mount="${root}:/wordpress/wp-content/plugins/monsterinsights-reports" \
	--mount="${root}/bin/demo/mu-plugins:/wordpress/wp-content/mu-plugins" \
	--mount="${woocommerce}:/wordpress/wp-content/plugins/woocommerce" \
	--blueprint="$site/.demo-blueprint.json" &
server=$!

if [ -n "$bundle" ]; then
	if ! wait "$bundle"; then
		cat "${root}/.wp/build-next-${port}.log" >&2
		echo "start: the build failed" >&2
		exit 1
	fi
	bundle=''
	echo "start: built the plugin ($((SECONDS - started)) s)"
fi

# Ready once the reports page answers a browser without cookies (the demo logs it in) with itself,
# not with the login form.
jar="$(mktemp)"
until [ "$(curl -s -o /dev/null -w '%{http_code} %{url_effective}' -L -c "$jar" -b "$jar" "$url" || true)" = "200 ${url}" ]; do
	kill -0 "$server" 2>/dev/null || { echo "start: the server stopped" >&2; exit 1; }
	rm -f "$jar"
	sleep 1
done
rm -f "$jar"
# The page answers between the blueprint's steps: a new site is ready once its last step, the
# seeding, wrote what it seeded.
while [ "$fresh" = 1 ] && [ ! -f "$site/.demo-seeded.json" ]; do
	kill -0 "$server" 2>/dev/null || { echo "start: the server stopped" >&2; exit 1; }
	sleep 1
done
# And on every start the source once the last step chose it.
while [ ! -f "$site/.demo-google-ready.json" ]; do
	kill -0 "$server" 2>/dev/null || { echo "start: the server stopped" >&2; exit 1; }
	[ -z "$fake" ] || kill -0 "$fake" 2>/dev/null || { echo "start: the fake Google server stopped" >&2; exit 1; }
	[ -z "$fake_ai" ] || kill -0 "$fake_ai" 2>/dev/null || { echo "start: the fake AI provider stopped" >&2; exit 1; }
	sleep 1
done

echo
if [ -f "$site/.demo-seeded.json" ]; then
	node -e 'const s = require( process.argv[ 1 ] ); console.log( `  Demo traffic: seeded 90 days: ${ s.sessions } sessions, ${ s.hits } hits${ s.shop ? `, ${ s.shop.orders } shop orders` : "" } (${ s.seconds } s)` );' "$site/.demo-seeded.json"
fi
if [ -n "$fake" ]; then
	echo "  Data source: google, GA4 property 300000001 and Search Console site https://example.com/ on the"
	echo "  fake Google server at http://127.0.0.1:${google_port} (stops with the site; docs/development.md)"
fi
if [ -n "$fake_ai" ]; then
	echo "  Conversations AI: the fake AI provider at http://127.0.0.1:${ai_port}/v1, model fake-analyst"
	echo "  (stops with the site; ask it about last week's visits: #/ai-insights/chat, pro licence)"
fi
[ -z "$level" ] || echo "  Licence: a test key of level ${level} (docs/licensing.md)"
echo "  Reports page: ${url}"
echo "  (any browser is logged in as admin there; users admin and subscriber, password: password)"
echo "  ready in $((SECONDS - started)) s"
echo
wait "$server"
