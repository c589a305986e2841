#!/usr/bin/env bash
# Builds the release zip, monsterinsights-reports.zip, with `wp-scripts plugin-zip` and the `files`
# list of package.json: the plugin's PHP, includes/, build/ (its data files included), vendor/ from
# `composer install --no-dev --optimize-autoloader` (from composer.lock; of each package its PHP and
# licence), languages/, readme.txt, uninstall.php and collect.php — nothing else.
# tests/e2e/release/contents.spec.ts checks what the zip holds.
#
# The files are staged in a temporary folder, where Composer installs the runtime packages only, so
# the checkout's own (dev) vendor/ is left as it is. The versions must agree first
# (node bin/version.mjs --check). Needs a build (npm run build); builds when build/ is missing.
#
# Usage: bash bin/plugin-zip.sh [output.zip]   (default: ./monsterinsights-reports.zip)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
name=monsterinsights-reports
out="${1:-$root/$name.zip}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

node bin/version.mjs --check
[ -f build/reports.asset.php ] && [ -f build/data/uap-regexes.json ] || npm run build --silent

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# What `files` lists, plus what Composer and wp-scripts need in the stage.
mapfile -t listed < <(node -e 'for (const f of require("./package.json").files) console.log(f)')
for entry in "${listed[@]}"; do
	[ "$entry" = vendor ] && continue
	[ -e "$entry" ] || { echo "plugin-zip: $entry is missing" >&2; exit 1; }
	cp -r --parents "$entry" "$stage/"
done
# build/.sources (the hash of build/'s sources, for npm start and CI) is no part of the plugin.
rm -f "$stage/build/.sources"
# composer.lock pins the runtime packages: two builds of one commit bundle the same libraries.
[ -f composer.lock ] || { echo "plugin-zip: composer.lock is missing" >&2; exit 1; }
cp package.json composer.json composer.lock "$stage/"
(cd "$stage" && COMPOSER_NO_DEV=1 composer install --no-dev --optimize-autoloader --classmap-authoritative \
	--no-interaction --no-progress --no-scripts --quiet)
# Of each Composer package, what runs: its PHP and its licence. Not the MaxMind reader's C extension
# (ext/: sources, build files and .phpt tests), tests, docs, nor its tools' configs (PECL's
# package.xml, mise, lychee).
find "$stage/vendor" -mindepth 3 -maxdepth 3 -path "$stage/vendor/composer/*" -prune -o \
	\( -name ext -o -name tests -o -name test -o -name docs -o -name '.*' -o -name '*.md' -o -name '*.toml' \
	-o -name '*.lock' -o -name package.xml -o -name 'phpunit.xml*' -o -name 'phpcs.xml*' -o -name 'phpstan.neon*' \
	-o -name Makefile \) -exec rm -rf {} +

(cd "$stage" && "$root/node_modules/.bin/wp-scripts" plugin-zip >/dev/null)
# npm-packlist always adds package.json; it is no part of the plugin.
node -e '
const AdmZip = require( "adm-zip" );
const zip = new AdmZip( process.argv[ 1 ] );
zip.deleteFile( "'"$name"'/package.json" );
zip.writeZip( process.argv[ 1 ] );
' "$stage/$name.zip"
mv "$stage/$name.zip" "$out"
echo "plugin-zip: $out ($(unzip -Z1 "$out" | grep -vc '/$') files, $(du -k "$out" | cut -f1) KiB)"
