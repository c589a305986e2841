#!/usr/bin/env bash
# What the tests of tests/bin share: a scratch folder removed at the end, and checks that print
# "ok NAME" or "not ok NAME" (with what was expected) for tests/bin/run.sh to count.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
FAILURES=0

ok() { echo "ok $1"; }
not_ok() {
	echo "not ok $1"
	shift
	[ $# -eq 0 ] || printf '  %s\n' "$@"
	FAILURES=$((FAILURES + 1))
}

# check NAME COMMAND...: passes when the command exits 0.
check() {
	local name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name" "command failed: $*"; fi
}

# same NAME EXPECTED ACTUAL
same() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "expected: $2" "actual:   $3"; fi
}

# differ NAME A B
differ() {
	if [ "$2" != "$3" ]; then ok "$1"; else not_ok "$1" "both: $2"; fi
}

# contains NAME NEEDLE HAYSTACK
contains() {
	case "$3" in
		*"$2"*) ok "$1" ;;
		*) not_ok "$1" "expected to contain: $2" "actual: $3" ;;
	esac
}

# The exit status of the file: non-zero when a check failed.
finish() { [ "$FAILURES" -eq 0 ]; }
