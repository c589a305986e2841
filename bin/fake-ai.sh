#!/usr/bin/env bash
# Starts the fake AI provider (tests/fake-ai/router.php on PHP's built-in server) on
# 127.0.0.1:PORT (default 9460, or FAKE_AI_PORT), prints its base URL (the provider's, with /v1)
# when it answers and runs until stopped (Ctrl-C). It forgets the previous run's script and request
# log first. See docs/development.md, "The fake AI provider".
#
# Usage: bash bin/fake-ai.sh [port]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port="${1:-${FAKE_AI_PORT:-9460}}"
php -S "127.0.0.1:$port" "$root/tests/fake-ai/router.php" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT INT TERM
for _ in $(seq 1 100); do
	if curl -fsS -X POST "http://127.0.0.1:$port/__reset" >/dev/null 2>&1; then
		echo "http://127.0.0.1:$port/v1"
		wait "$server"
		exit $?
	fi
	kill -0 "$server" 2>/dev/null || { echo "fake-ai: php -S did not start on port $port" >&2; exit 1; }
	sleep 0.1
done
echo "fake-ai: no answer on port $port" >&2
exit 1
