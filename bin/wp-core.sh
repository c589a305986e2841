#!/usr/bin/env bash
# Puts a pristine, modern WordPress core in .wp/core (git-ignored), without internet access beyond
# the Debian package archive: Packagist's copy reachable here does not serve a WordPress core, so the
# core comes from Debian 13's `wordpress` package (6.8.x) and its theme. Nothing is installed on the
# system: the .debs are downloaded with a private apt list and unpacked.
# Override with WP_CORE_DIR=/path/to/an/existing/core to use another core.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.wp/core"

if [ -n "${WP_CORE_DIR:-}" ] && [ -f "$WP_CORE_DIR/wp-includes/version.php" ]; then
	mkdir -p "$root/.wp"
	rm -rf "$dest"
	cp -r "$WP_CORE_DIR" "$dest"
fi
if [ -f "$dest/wp-includes/version.php" ] && [ -d "$dest/wp-content/themes/twentytwentyfive" ]; then
	echo "wp-core: $(grep -o "wp_version = '[^']*'" "$dest/wp-includes/version.php") in .wp/core"
	exit 0
fi

d="$(mktemp -d)"
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" > "$d/sources.list"
A=(-o "APT::Sandbox::User=root" -o "Dir::Etc::sourcelist=$d/sources.list" -o "Dir::Etc::sourceparts=-" -o "Dir::State::Lists=$d/lists" -o "Dir::Cache=$d/cache")
apt-get "${A[@]}" -qq update
(cd "$d" && apt-get "${A[@]}" -qq download wordpress wordpress-theme-twentytwentyfive libjs-lodash libjs-underscore libjs-cropper php-getid3 ca-certificates >/dev/null)
for f in "$d"/*.deb; do dpkg-deb -x "$f" "$d/x"; done
mkdir -p "$root/.wp"
rm -rf "$dest"
cp -rL "$d/x/usr/share/wordpress" "$dest" 2>/dev/null || true
rm -f "$dest/wp-config.php" "$dest/.htaccess"
# Debian points the CA bundle at /etc/ssl; give WordPress its own file back.
if [ ! -s "$dest/wp-includes/certificates/ca-bundle.crt" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
	mkdir -p "$dest/wp-includes/certificates"
	rm -f "$dest/wp-includes/certificates/ca-bundle.crt"
	cp /etc/ssl/certs/ca-certificates.crt "$dest/wp-includes/certificates/ca-bundle.crt"
fi
test -f "$dest/wp-includes/version.php"
echo "wp-core: $(grep -o "wp_version = '[^']*'" "$dest/wp-includes/version.php") in .wp/core"
