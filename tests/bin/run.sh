#!/usr/bin/env bash
# The tests of the project's shell and Node scripts in bin/: runs every tests/bin/*.test.sh (or the
# files named) in a bash of its own and ends with "N passed, N failed".
#
# Usage: bash tests/bin/run.sh [tests/bin/x.test.sh ...]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/*.test.sh)
passed=0
failed=0
for file in "${files[@]}"; do
	echo "== ${file#"$root"/}"
	out="$(mktemp)"
	bash "$file" >"$out" 2>&1
	status=$?
	cat "$out"
	p="$(grep -c '^ok ' "$out")"
	f="$(grep -c '^not ok ' "$out")"
	rm -f "$out"
	passed=$((passed + p))
	failed=$((failed + f))
	# A file that stopped early (set -e, a crash) fails even when every check it reached passed.
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok ${file#"$root"/} exited with $status"
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
