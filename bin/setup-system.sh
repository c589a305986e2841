#!/usr/bin/env bash
# Installs the system packages the project needs on a fresh Debian machine:
# MariaDB (PHPUnit), PHP's MySQL and SQLite extensions, Chromium (Playwright), gettext (i18n).
# Idempotent: does nothing when everything is present. Needs root (or sudo) when something is missing.
set -euo pipefail

need=()
php -m | grep -qi '^mysqli$' || need+=(php8.2-mysql)
command -v mariadbd >/dev/null 2>&1 || command -v mysqld >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v xgettext >/dev/null 2>&1 || need+=(gettext)
command -v msgcat >/dev/null 2>&1 || need+=(gettext)
command -v unzip >/dev/null 2>&1 || need+=(unzip)

if [ ${#need[@]} -eq 0 ]; then
	echo "setup-system: all system packages present"
	exit 0
fi

SUDO=''
[ "$(id -u)" -eq 0 ] || SUDO='sudo'
echo "setup-system: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2068
$SUDO apt-get install -y -qq --no-install-recommends ${need[@]} >/dev/null
echo "setup-system: done"
