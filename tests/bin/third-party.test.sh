#!/usr/bin/env bash
# bin/third-party.sh: a pinned third-party copy from the shared folder or from its official
# download, checked against its checksums, and a clear error naming what to provide where when
# neither can be had. On a list of its own (a small made-up plugin) and scratch folders; the
# "official download" is a file:// URL or an address where nothing listens (127.0.0.1:9), so the
# test needs no network. Then the real list: its rows against ../shared where that is present, and
# its error without ../shared, offline.
# shellcheck source=tests/bin/lib.sh
. "$(dirname "$0")/lib.sh"

script="$ROOT/bin/third-party.sh"
srv="$SCRATCH/srv"
mkdir -p "$srv/src/demo-plugin/inc" "$SCRATCH/shared/wp-plugins"
echo '<?php // Plugin Name: Demo' >"$srv/src/demo-plugin/demo-plugin.php"
echo '<?php return 1;' >"$srv/src/demo-plugin/inc/one.php"
tar -czf "$srv/demo-plugin-1.0.tar.gz" -C "$srv/src" demo-plugin
(cd "$srv/src" && zip -qr "$srv/demo-plugin.1.0.zip" demo-plugin)
echo 'a single-file tool' >"$srv/tool.phar"
sha="$(sha256sum "$srv/demo-plugin-1.0.tar.gz" | cut -d' ' -f1)"
tree="$(bash "$script" --hash "$srv/demo-plugin.1.0.zip" | sed -n 's/^tree:\([0-9a-f]*\) .*/\1/p')"
same "--hash gives the same tree for the .tar.gz and the .zip of one folder" \
	"tree:$tree (demo-plugin/)" "$(bash "$script" --hash "$srv/demo-plugin-1.0.tar.gz" | tail -n 1)"
tool_sha="$(sha256sum "$srv/tool.phar" | cut -d' ' -f1)"

# row URL [CHECK]: a list with the demo plugin and the tool.
list="$SCRATCH/list.txt"
row() {
	{
		echo '# name version shared sha256 url check'
		echo "demo-plugin 1.0 wp-plugins/demo-plugin-1.0.tar.gz $sha $1 ${2:-tree:$tree}"
		echo "tool 2.0 tools/tool-2.0.tar.gz $(printf '0%.0s' $(seq 64)) ${3:-file://$srv/tool.phar} sha256:$tool_sha"
	} >"$list"
}
run() { # run NAME: stdout, stderr and status in $out, $err, $status
	out="$(THIRD_PARTY_LIST="$list" THIRD_PARTY_SHARED="$SCRATCH/shared" THIRD_PARTY_CACHE="$SCRATCH/cache" \
		bash "$script" "$@" 2>"$SCRATCH/err")"
	status=$?
	err="$(cat "$SCRATCH/err")"
}
fresh() { rm -rf "$SCRATCH/cache" "$SCRATCH/shared/wp-plugins/"*; }

# Missing, and the download cannot be reached: a clear error, nothing cached.
row "http://127.0.0.1:9/demo-plugin.1.0.zip"
fresh
run demo-plugin
differ "missing and offline: fails" 0 "$status"
same "missing and offline: prints no folder" "" "$out"
contains "missing and offline: names the plugin and version" "demo-plugin 1.0 is missing" "$err"
contains "missing and offline: names the shared copy to provide" "$SCRATCH/shared/wp-plugins/demo-plugin-1.0.tar.gz" "$err"
contains "missing and offline: gives its SHA-256" "SHA-256 $sha" "$err"
contains "missing and offline: names the official download" "http://127.0.0.1:9/demo-plugin.1.0.zip" "$err"
contains "missing and offline: names where a download saved by hand goes" "$SCRATCH/cache/downloads/demo-plugin.1.0.zip" "$err"
contains "missing and offline: says why the download failed" "curl" "$err"
same "missing and offline: nothing is cached" "" "$(ls "$SCRATCH/cache" 2>/dev/null | grep -v downloads)"
THIRD_PARTY_OFFLINE=1 run demo-plugin
contains "THIRD_PARTY_OFFLINE: no download is tried" "downloads are off" "$err"

# The shared copy.
cp "$srv/demo-plugin-1.0.tar.gz" "$SCRATCH/shared/wp-plugins/"
run demo-plugin
same "shared copy: succeeds" 0 "$status"
same "shared copy: prints the cache folder" "$SCRATCH/cache/demo-plugin-1.0" "$out"
check "shared copy: the plugin's files are there" test -f "$out/demo-plugin/inc/one.php"
rm "$SCRATCH/shared/wp-plugins/demo-plugin-1.0.tar.gz"
run demo-plugin
same "a ready copy is used again without the shared folder" "0 $SCRATCH/cache/demo-plugin-1.0" "$status $out"

# A shared copy with other bytes is refused.
fresh
echo 'something else' | gzip >"$SCRATCH/shared/wp-plugins/demo-plugin-1.0.tar.gz"
run demo-plugin
differ "a shared copy with another SHA-256: fails" 0 "$status"
contains "a shared copy with another SHA-256: says so" "not the pinned $sha" "$err"
check "a shared copy with another SHA-256: nothing is cached" test ! -e "$SCRATCH/cache/demo-plugin-1.0"

# The official download (a file:// URL here): its files must be the pinned ones.
fresh
row "file://$srv/demo-plugin.1.0.zip"
run demo-plugin
same "download: succeeds" "0 $SCRATCH/cache/demo-plugin-1.0" "$status $out"
check "download: the plugin's files are there" test -f "$out/demo-plugin/demo-plugin.php"
fresh
echo '<?php // changed' >>"$srv/src/demo-plugin/inc/one.php"
(cd "$srv/src" && zip -qr "$srv/other.zip" demo-plugin)
row "file://$srv/other.zip"
run demo-plugin
differ "a download with other files: fails" 0 "$status"
contains "a download with other files: says so" "not the pinned tree:$tree" "$err"
check "a download with other files: nothing is cached" test ! -e "$SCRATCH/cache/demo-plugin-1.0"
check "a download with other files: it is deleted" test ! -e "$SCRATCH/cache/downloads/other.zip"

# The official download saved by hand, where the script looks for it.
fresh
row "http://127.0.0.1:9/demo-plugin.1.0.zip"
mkdir -p "$SCRATCH/cache/downloads"
cp "$srv/demo-plugin.1.0.zip" "$SCRATCH/cache/downloads/"
run demo-plugin
same "a download saved by hand: used" "0 $SCRATCH/cache/demo-plugin-1.0" "$status $out"

# A single-file download checked by its SHA-256 (WP-CLI's phar).
fresh
run tool
same "a single file: succeeds" "0 $SCRATCH/cache/tool-2.0" "$status $out"
check "a single file: it is in the folder" cmp -s "$srv/tool.phar" "$out/tool.phar"
fresh
echo 'tampered' >"$srv/bad.phar"
row "file://$srv/demo-plugin.1.0.zip" "" "file://$srv/bad.phar"
run tool
differ "a single file with another SHA-256: fails" 0 "$status"
contains "a single file with another SHA-256: says so" "not the pinned sha256:$tool_sha" "$err"
run no-such-thing
contains "a name not in the list: says so" "no-such-thing is not in" "$err"

# The real list: every row's checksums against ../shared, where it is present (the project's machines).
real="$ROOT/bin/third-party.txt"
rows=0
while read -r name version path want url pin; do
	case "$name" in '' | '#'*) continue ;; esac
	rows=$((rows + 1))
	case "$url" in https://*) ;; *) not_ok "$name: the download is an https URL" "$url" ;; esac
	copy="$ROOT/../shared/$path"
	[ -f "$copy" ] || continue
	got="$(bash "$script" --hash "$copy")"
	same "$name $version: the shared copy's SHA-256 is the pinned one" "sha256 $want" "$(echo "$got" | head -n 1)"
	case "$pin" in
		tree:*) same "$name $version: the shared copy's files are the pinned tree" "$pin" "$(echo "$got" | sed -n 2p | cut -d' ' -f1)" ;;
	esac
done <"$real"
differ "the real list has rows" 0 "$rows"

# The real list without ../shared, offline: the error names the copy to provide and where.
out="$(THIRD_PARTY_SHARED="$SCRATCH/none" THIRD_PARTY_CACHE="$SCRATCH/real-cache" THIRD_PARTY_OFFLINE=1 \
	bash "$script" plugin-check 2>&1)" && status=0 || status=$?
differ "real list, no shared folder, offline: fails" 0 "$status"
contains "real list, no shared folder, offline: names the file and where" "$SCRATCH/none/tools/plugin-check-1.2.0.tar.gz" "$out"
contains "real list, no shared folder, offline: names the official download" "https://downloads.wordpress.org/plugin/plugin-check.1.2.0.zip" "$out"

finish
