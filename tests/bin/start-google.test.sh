#!/usr/bin/env bash
# GOOGLE=1 npm start's pieces that run without a site: bin/start.sh refuses a fake Google port
# something already answers on (before it installs or boots anything), and the demo's must-use
# plugin defines MONSTERINSIGHTS_REPORTS_GOOGLE_BASE from the site folder's .demo-google.json only
# for a fake on the loopback address. The step that connects the site is tested by PHPUnit
# (tests/php/SingleSite/Google/DemoGoogleTest.php), the whole command in a browser by the npm start
# test (tests/e2e/specs/start.spec.ts).
# shellcheck source=tests/bin/lib.sh
. "$(dirname "$0")/lib.sh"

# A port something answers on: PHP's built-in server in the scratch folder.
port="$(php -r '$s = stream_socket_server( "tcp://127.0.0.1:0" ); $n = stream_socket_get_name( $s, false ); fclose( $s ); echo substr( $n, strrpos( $n, ":" ) + 1 );')"
mkdir -p "$SCRATCH/www"
echo taken >"$SCRATCH/www/index.html"
php -S "127.0.0.1:$port" -t "$SCRATCH/www" >/dev/null 2>&1 &
taken=$!
for _ in $(seq 1 50); do
	curl -s -o /dev/null "http://127.0.0.1:$port/" && break
	sleep 0.1
done
err="$(GOOGLE=1 FAKE_GOOGLE_PORT="$port" PORT=9 timeout 20 bash "$ROOT/bin/start.sh" 2>&1 >/dev/null)"
status=$?
kill "$taken" 2>/dev/null
differ "a taken fake Google port: fails" 0 "$status"
contains "a taken fake Google port: says which and how to choose another" \
	"port $port is taken, the fake Google server needs it (FAKE_GOOGLE_PORT=another GOOGLE=1 npm start)" "$err"

# base FILE-CONTENT: the constant the must-use plugin defines in a site folder with that
# .demo-google.json (no file: -), or "undefined".
base() {
	local site="$SCRATCH/site"
	rm -rf "$site"
	mkdir -p "$site"
	[ "$1" = - ] || printf '%s' "$1" >"$site/.demo-google.json"
	php -r 'define( "ABSPATH", $argv[1] . "/" ); require $argv[2]; echo defined( "MONSTERINSIGHTS_REPORTS_GOOGLE_BASE" ) ? MONSTERINSIGHTS_REPORTS_GOOGLE_BASE : "undefined";' \
		"$site" "$ROOT/bin/demo/mu-plugins/monsterinsights-reports-demo-google.php"
}
same "the fake's base URL from .demo-google.json" "http://127.0.0.1:9450" "$(base '{"base":"http://127.0.0.1:9450"}')"
same "without .demo-google.json: no constant (Google itself)" "undefined" "$(base -)"
same "any other URL: no constant" "undefined" "$(base '{"base":"https://www.googleapis.com"}')"
same "broken JSON: no constant" "undefined" "$(base '{"base":')"

finish
