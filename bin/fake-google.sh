#!/usr/bin/env bash
# Starts the fake Google server (tests/fake-google/router.php on PHP's built-in server) on
# 127.0.0.1:PORT (default 9450, or FAKE_GOOGLE_PORT), prints its base URL when it answers and runs
# until stopped (Ctrl-C). It forgets the previous run's fault, tokens and request log first.
# See docs/development.md, "The fake Google server".
#
# Usage: bash bin/fake-google.sh [port]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port="${1:-${FAKE_GOOGLE_PORT:-9450}}"
php -S "127.0.0.1:$port" "$root/tests/fake-google/router.php" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT INT TERM
for _ in $(seq 1 100); do
	if curl -fsS -X POST "http://127.0.0.1:$port/__reset" >/dev/null 2>&1; then
		echo "http://127.0.0.1:$port"
		wait "$server"
		exit $?
	fi
	kill -0 "$server" 2>/dev/null || { echo "fake-google: php -S did not start on port $port" >&2; exit 1; }
	sleep 0.1
done
echo "fake-google: no answer on port $port" >&2
exit 1
