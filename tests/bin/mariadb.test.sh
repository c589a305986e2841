#!/usr/bin/env bash
# bin/mariadb.sh starts the server detached from its caller: in a session and process group of its
# own, so stopping the caller's process group (as bin/test.sh and Playwright stop a test server)
# leaves the database that other runs share running. Stand-ins on PATH play the server and its
# tools, so the machine's real MariaDB is never touched: `service` (the init script) or, when it
# fails, `mysqld_safe` starts a "server" (a sleep) that writes its pid; `mariadb-admin ping`
# answers while that process lives.
# shellcheck source=tests/bin/lib.sh
. "$(dirname "$0")/lib.sh"

fake="$SCRATCH/bin"
state="$SCRATCH/state"
mkdir -p "$fake" "$state"
cat >"$fake/server" <<'SH'
#!/usr/bin/env bash
echo $$ >"$STATE/pid"
echo $$ >>"$STATE/all"
exec sleep 300
SH
cat >"$fake/service" <<'SH'
#!/usr/bin/env bash
[ -z "${SERVICE_FAILS:-}" ] || exit 1
# As an init script does: the server in the background, the script returns.
"$(dirname "$0")/server" </dev/null >/dev/null 2>&1 &
exit 0
SH
cat >"$fake/mysqld_safe" <<'SH'
#!/usr/bin/env bash
exec "$(dirname "$0")/server"
SH
cat >"$fake/mariadb-admin" <<'SH'
#!/usr/bin/env bash
[ -f "$STATE/pid" ] && kill -0 "$(cat "$STATE/pid")" 2>/dev/null
SH
cat >"$fake/mariadb" <<'SH'
#!/usr/bin/env bash
cat >/dev/null
SH
printf '#!/bin/sh\nexit 0\n' >"$fake/mariadbd"
chmod +x "$fake"/*
export STATE="$state"
# Every stand-in server ends with the test.
trap '[ ! -f "$state/all" ] || xargs -r kill 2>/dev/null <"$state/all"; rm -rf "$SCRATCH"' EXIT

# alive PID: the process runs (a zombie left to its new parent does not count).
alive() {
	local stat
	stat="$(ps -o stat= -p "$1" 2>/dev/null | tr -d ' ')"
	[ -n "$stat" ] && [ "${stat#Z}" = "$stat" ]
}

# start [SERVICE_FAILS]: runs bin/mariadb.sh as the leader of a new process group and session,
# then stops that whole group; prints the caller's pid.
start() {
	rm -f "$state/pid" "$state/caller"
	# shellcheck disable=SC2016
	SERVICE_FAILS="${1:-}" PATH="$fake:$PATH" setsid bash -c 'echo $$ >"$STATE/caller"; exec bash "$0" mir_fake_db' \
		"$ROOT/bin/mariadb.sh" >"$state/out" 2>&1
	cat "$state/caller"
}

for way in "service mariadb start" "mysqld_safe"; do
	fails=''
	[ "$way" = mysqld_safe ] && fails=1
	caller="$(start "$fails")"
	pid="$(cat "$state/pid" 2>/dev/null || echo none)"
	contains "$way: the script says it started the server" "server running" "$(cat "$state/out")"
	if [ "$pid" = none ]; then
		not_ok "$way: the server started"
		continue
	fi
	group="$(ps -o pgid= -p "$pid" | tr -d ' ')"
	session="$(ps -o sid= -p "$pid" | tr -d ' ')"
	differ "$way: the server is not in the caller's process group" "$caller" "$group"
	differ "$way: the server is not in the caller's session" "$caller" "$session"
	kill -TERM -- "-$caller" 2>/dev/null || true
	sleep 0.5
	check "$way: stopping the caller's process group leaves the server running" alive "$pid"
	kill "$pid" 2>/dev/null || true
done

# A running server is left as it is.
"$fake/server" &
running=$!
sleep 0.2
out="$(PATH="$fake:$PATH" bash "$ROOT/bin/mariadb.sh" mir_fake_db 2>&1)"
contains "a running server is not started again" "server already running" "$out"
kill "$running" 2>/dev/null || true

finish
