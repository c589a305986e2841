#!/usr/bin/env bash
# Starts the local MariaDB server (if it is not running) and creates the PHPUnit database and user.
# Idempotent; installs nothing (run `bash bin/setup-system.sh` for that). Needs root, or a user that
# can reach MariaDB's root account over the unix socket.
#
# Usage: bash bin/mariadb.sh [database]  — the optional argument names another database for the
# same user (the bench uses monsterinsights_reports_bench); it wins over WP_TESTS_DB_NAME.
#
# Overrides: WP_TESTS_DB_NAME (monsterinsights_reports_tests), WP_TESTS_DB_USER (mir_tests),
# WP_TESTS_DB_PASSWORD (mir_tests), WP_TESTS_DB_HOST (localhost; a host other than localhost or
# 127.0.0.1 is assumed to be managed elsewhere, so only the database and user are created there).
set -euo pipefail

name="${1:-${WP_TESTS_DB_NAME:-monsterinsights_reports_tests}}"
user="${WP_TESTS_DB_USER:-mir_tests}"
pass="${WP_TESTS_DB_PASSWORD:-mir_tests}"
host="${WP_TESTS_DB_HOST:-localhost}"
host="${host%%:*}"

say() { echo "mariadb: $*"; }
die() { echo "mariadb: error: $*" >&2; exit 1; }

server=''
for candidate in mariadbd mysqld /usr/sbin/mariadbd /usr/sbin/mysqld; do
	if command -v "$candidate" >/dev/null 2>&1; then
		server="$(command -v "$candidate")"
		break
	fi
done
if [ -z "$server" ] || ! command -v mariadb >/dev/null 2>&1 || ! command -v mariadb-admin >/dev/null 2>&1; then
	die "MariaDB is not installed. Run: bash bin/setup-system.sh"
fi

ping() { mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1; }

if [ "$host" = localhost ] || [ "$host" = 127.0.0.1 ]; then
	if ping; then
		say "server already running"
	else
		say "starting server"
		# In a session of its own (setsid), holding none of the caller's terminal or pipes: the
		# server is shared by every run on the machine, and stopping the caller (a test server
		# stopped with its process group, a step of bin/test.sh) must not stop it.
		if ! { setsid -w service mariadb start </dev/null >/dev/null 2>&1 && ping; }; then
			mkdir -p /run/mysqld
			chown mysql:mysql /run/mysqld 2>/dev/null || true
			setsid nohup mysqld_safe </dev/null >/tmp/mariadb-mysqld_safe.log 2>&1 &
		fi
		for _ in $(seq 1 60); do
			ping && break
			sleep 1
		done
		ping || die "the server did not answer within 60 s (see /tmp/mariadb-mysqld_safe.log and /var/log/mysql/)"
		say "server running"
	fi
fi

# Identifiers are quoted; the password is a SQL string literal.
sql_pass="${pass//\\/\\\\}"
sql_pass="${sql_pass//\'/\\\'}"
mariadb --protocol=socket -uroot <<SQL
CREATE DATABASE IF NOT EXISTS \`${name}\` DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '${user}'@'localhost' IDENTIFIED BY '${sql_pass}';
CREATE USER IF NOT EXISTS '${user}'@'127.0.0.1' IDENTIFIED BY '${sql_pass}';
ALTER USER '${user}'@'localhost' IDENTIFIED BY '${sql_pass}';
ALTER USER '${user}'@'127.0.0.1' IDENTIFIED BY '${sql_pass}';
GRANT ALL PRIVILEGES ON \`${name}\`.* TO '${user}'@'localhost';
GRANT ALL PRIVILEGES ON \`${name}\`.* TO '${user}'@'127.0.0.1';
FLUSH PRIVILEGES;
SQL
say "database ${name} ready for ${user}@${host}"
