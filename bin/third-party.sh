#!/usr/bin/env bash
# The third-party plugins and tools the tests use (Plugin Check and its PHPCS stack, WP-CLI, the
# form and shop plugins), each at the version bin/third-party.txt pins, checked against the
# checksums written there, unpacked once into a cache (.wp/third-party/<name>-<version>/).
#
#   bash bin/third-party.sh NAME...     makes each one ready; prints, one a line, the folder that
#                                       holds it (the plugin's folder, wp-cli/, or WP-CLI's phar)
#   bash bin/third-party.sh --hash FILE prints a file's SHA-256 and, for a .tar.gz or .zip, the
#                                       tree: hash of the folder in it (for a new row of the list)
#
# Where a copy comes from, in this order:
#   1. the cache, when a copy was made ready before with the same checksums;
#   2. the project machines' shared folder, ../shared beside the checkout (THIRD_PARTY_SHARED=/folder
#      for another with the same layout; PLUGIN_CHECK_TOOLS=/folder for its tools/ alone), whose
#      .tar.gz must have the listed SHA-256;
#   3. the official download (the list's URL), with curl, unless THIRD_PARTY_OFFLINE=1; or a copy of
#      that download saved by hand in .wp/third-party/downloads/. It must match the list's check.
# A copy with another checksum is refused; when none can be had, the error names the file to
# provide, where, and its checksum.
#
# Overrides (the tests use them): THIRD_PARTY_LIST (the list), THIRD_PARTY_CACHE (the cache).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
list="${THIRD_PARTY_LIST:-$root/bin/third-party.txt}"
shared="${THIRD_PARTY_SHARED:-$root/../shared}"
cache="${THIRD_PARTY_CACHE:-$root/.wp/third-party}"

die() {
	echo "third-party: $*" >&2
	exit 1
}

# tree_hash DIR: the SHA-256 of the list of every file's SHA-256 and path in DIR, sorted by path:
# the same for two copies with the same files, whatever the archive they came in.
tree_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum) | sha256sum | cut -d' ' -f1
}

file_hash() { sha256sum "$1" | cut -d' ' -f1; }

# unpack ARCHIVE DIR: a .tar.gz or a .zip into DIR.
unpack() {
	case "$1" in
		*.zip) unzip -q "$1" -d "$2" ;;
		*) tar -xzf "$1" -C "$2" ;;
	esac
}

# The one folder an archive unpacked to, in DIR.
only_folder() {
	local entries
	mapfile -t entries < <(find "$1" -mindepth 1 -maxdepth 1)
	[ ${#entries[@]} -eq 1 ] && [ -d "${entries[0]}" ] || return 1
	echo "${entries[0]}"
}

if [ "${1:-}" = --hash ]; then
	[ -f "${2:-}" ] || die "usage: bash bin/third-party.sh --hash FILE"
	echo "sha256 $(file_hash "$2")"
	case "$2" in
		*.zip | *.tar.gz | *.tgz)
			tmp="$(mktemp -d)"
			trap 'rm -rf "$tmp"' EXIT
			unpack "$2" "$tmp"
			folder="$(only_folder "$tmp")" || die "$2 does not hold one folder"
			echo "tree:$(tree_hash "$folder") ($(basename "$folder")/)"
			;;
	esac
	exit 0
fi
[ $# -gt 0 ] || die "usage: bash bin/third-party.sh NAME... (names: bin/third-party.txt)"
[ -f "$list" ] || die "$list is missing"

# ready NAME: makes one copy ready and prints its folder.
ready() {
	local name=$1 row version path sha url check
	row="$(awk -v n="$name" '$1 == n && $0 !~ /^#/ { print; exit }' "$list")"
	[ -n "$row" ] || die "$name is not in $list"
	read -r _ version path sha url check <<<"$row"
	local dest="$cache/$name-$version" pin="$sha $check"
	if [ -f "$dest/.verified" ] && [ "$(cat "$dest/.verified")" = "$pin" ]; then
		echo "$dest"
		return
	fi

	mkdir -p "$cache/downloads"
	# One process at a time makes a copy ready; the others then find it.
	exec 9>"$cache/.$name.lock"
	flock 9
	if [ -f "$dest/.verified" ] && [ "$(cat "$dest/.verified")" = "$pin" ]; then
		flock -u 9
		echo "$dest"
		return
	fi

	local tmp
	tmp="$(mktemp -d "$cache/.$name.XXXXXX")"
	# The tools of the shared folder may live elsewhere (PLUGIN_CHECK_TOOLS, as before this list).
	local copy="$shared/$path"
	case "$path" in
		tools/*) [ -z "${PLUGIN_CHECK_TOOLS:-}" ] || copy="$PLUGIN_CHECK_TOOLS/${path#tools/}" ;;
	esac
	local download="$cache/downloads/$(basename "$url")" failed=''
	if [ -f "$copy" ]; then
		local got
		got="$(file_hash "$copy")"
		if [ "$got" != "$sha" ]; then
			rm -rf "$tmp"
			die "$copy has SHA-256 $got, not the pinned $sha ($name $version, $list): replace it with the pinned copy"
		fi
		unpack "$copy" "$tmp"
	else
		if [ ! -f "$download" ]; then
			if [ -n "${THIRD_PARTY_OFFLINE:-}" ]; then
				failed='downloads are off (THIRD_PARTY_OFFLINE)'
			elif ! command -v curl >/dev/null 2>&1; then
				failed='curl is not installed'
			elif ! curl -fsSL --retry 2 --connect-timeout 10 --max-time 900 -o "$download.partial" "$url" 2>"$tmp.err"; then
				failed="$(tr '\n' ' ' <"$tmp.err")"
				rm -f "$download.partial"
			else
				mv "$download.partial" "$download"
			fi
			rm -f "$tmp.err"
		fi
		if [ -z "$failed" ]; then
			local got=''
			case "$check" in
				sha256:*)
					got="sha256:$(file_hash "$download")"
					[ "$got" != "$check" ] || cp "$download" "$tmp/"
					;;
				tree:*)
					local unpacked="$tmp.unpacked" folder
					mkdir -p "$unpacked"
					if unpack "$download" "$unpacked" 2>/dev/null && folder="$(only_folder "$unpacked")"; then
						got="tree:$(tree_hash "$folder")"
						[ "$got" != "$check" ] || mv "$folder" "$tmp/"
					else
						got='not an archive of one folder'
					fi
					rm -rf "$unpacked"
					;;
				*) got="an unknown check in $list: $check" ;;
			esac
			if [ "$got" != "$check" ]; then
				rm -rf "$tmp" "$download"
				die "the download of $name $version ($url) is $got, not the pinned $check ($list); it was deleted. Provide the pinned copy instead: $copy (SHA-256 $sha)"
			fi
		else
			rm -rf "$tmp"
			{
				echo "third-party: $name $version is missing, and its official download could not be had: $failed"
				echo "  Provide one of:"
				echo "  - the copy the project's machines share: $copy"
				echo "    (SHA-256 $sha; THIRD_PARTY_SHARED=/folder for a folder with $path)"
				echo "  - its official download, $url,"
				echo "    saved as $download (checked against $check)"
			} >&2
			exit 1
		fi
	fi
	rm -rf "$dest"
	mv "$tmp" "$dest"
	echo "$pin" >"$dest/.verified"
	flock -u 9
	echo "$dest"
}

for name in "$@"; do
	ready "$name"
done
