#!/usr/bin/env bash
# Installs the system packages the project needs on a fresh Debian machine:
# MariaDB (PHPUnit, the e2e site), PHP's MySQL, GD, cURL and SQLite extensions (GD: the e2e site makes
# image sizes of uploads, as a host does; cURL: WPForms Lite, which the Forms e2e installs, loads
# nothing without it; SQLite: PHPUnit runs the SQLite Database Integration of npm start's site), Chromium (Playwright), gettext (i18n), unzip,
# faketime (the visual tests' frozen server clock).
# Idempotent: does nothing when everything is present. Needs root (or sudo) when something is missing.
set -euo pipefail

need=()
# extension_loaded(), not `php -m | grep -q`: grep stops reading at its first match and PHP's
# write then fails (SIGPIPE), which pipefail takes for a missing extension.
has_ext() { php -r 'exit( extension_loaded( $argv[1] ) ? 0 : 1 );' "$1"; }
has_ext mysqli || need+=(php8.2-mysql)
has_ext gd || need+=(php8.2-gd)
has_ext curl || need+=(php8.2-curl)
has_ext pdo_sqlite || need+=(php8.2-sqlite3)
# The google source names a GA4 property's currency in the site's locale (NumberFormatter).
has_ext intl || need+=(php8.2-intl)
command -v mariadbd >/dev/null 2>&1 || command -v mysqld >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v xgettext >/dev/null 2>&1 || need+=(gettext)
command -v msgcat >/dev/null 2>&1 || need+=(gettext)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
# libfaketime: the visual tests' site runs on a clock that stands still (bin/serve-e2e.sh).
ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || need+=(faketime)

if [ ${#need[@]} -eq 0 ]; then
	echo "setup-system: all system packages present"
	exit 0
fi

SUDO=''
[ "$(id -u)" -eq 0 ] || SUDO='sudo'
echo "setup-system: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
install() {
	# shellcheck disable=SC2068
	$SUDO apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold ${need[@]}
}
if ! install >/tmp/monsterinsights-reports-apt.log 2>&1; then
	# A package's configuration step can fail once on a fresh machine (no init system); finish
	# configuring what was unpacked and try again before giving up.
	echo "setup-system: first attempt failed, retrying (log: /tmp/monsterinsights-reports-apt.log)"
	$SUDO dpkg --configure -a >>/tmp/monsterinsights-reports-apt.log 2>&1 || true
	$SUDO apt-get install -f -y -qq >>/tmp/monsterinsights-reports-apt.log 2>&1 || true
	if ! install >>/tmp/monsterinsights-reports-apt.log 2>&1; then
		tail -n 40 /tmp/monsterinsights-reports-apt.log >&2
		exit 1
	fi
fi
echo "setup-system: done"
