#!/usr/bin/env bash
# Builds the zip of the previous release, the one the upgrade test installs before uploading this
# version's zip over it (tests/e2e/release/upgrade.spec.ts). The previous release is named in one
# place, tests/e2e/release/previous.json: its version and the commit it was built from (tagged
# v<version>; the commit is what counts, so a clone without the tag works as long as it has the
# history).
#
# The commit's files are exported with `git archive` into a temporary folder (no worktree is
# registered), its own `npm run plugin-zip` builds the zip there, and the zip is kept in
# .wp/previous-release/<commit>/monsterinsights-reports.zip: a second run finds it and builds
# nothing. node_modules: the checkout's own, linked, when both lock files list the same packages
# (they may differ in the project's own version only); otherwise `npm ci` in the temporary folder.
#
# Usage: bash bin/previous-release-zip.sh   (prints the zip's path on its last line)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
name=monsterinsights-reports
commit="$(node -p 'require("./tests/e2e/release/previous.json").commit')"
version="$(node -p 'require("./tests/e2e/release/previous.json").version')"
out_dir="$root/.wp/previous-release/$commit"
out="$out_dir/$name.zip"

if [ -f "$out" ]; then
	echo "previous-release-zip: $version ($commit) already built"
	echo "$out"
	exit 0
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
	echo "previous-release-zip: commit $commit (release $version) is not in this clone; fetch the full history (git fetch --unshallow)" >&2
	exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
src="$work/$name"
mkdir -p "$src"
git archive --format=tar "$commit" | tar -x -C "$src"

# The two locks' packages, the project's own name and version left out.
same_packages="$(node -e '
const fs = require( "fs" );
const strip = ( file ) => {
	const lock = JSON.parse( fs.readFileSync( file, "utf8" ) );
	delete lock.version;
	if ( lock.packages && lock.packages[ "" ] ) {
		delete lock.packages[ "" ].version;
	}
	return JSON.stringify( lock );
};
console.log( strip( process.argv[ 1 ] ) === strip( process.argv[ 2 ] ) ? "yes" : "no" );
' package-lock.json "$src/package-lock.json")"
if [ "$same_packages" = yes ] && [ -d node_modules/.bin ]; then
	echo "previous-release-zip: same packages as this checkout, its node_modules linked"
	ln -s "$(readlink -f node_modules)" "$src/node_modules"
else
	echo "previous-release-zip: other packages than this checkout: npm ci"
	(cd "$src" && npm ci --prefer-offline --no-audit --no-fund)
fi

echo "previous-release-zip: building $version ($commit) with its own npm run plugin-zip"
(cd "$src" && npm run plugin-zip --silent)
mkdir -p "$out_dir"
mv "$src/$name.zip" "$out.partial"
mv "$out.partial" "$out"
echo "$out"
