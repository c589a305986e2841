#!/usr/bin/env bash
# bin/build-hash.mjs: build/.sources hashes what the build reads, not the tests. Run on a scratch
# copy of the repository's layout, so the real build/.sources is never touched.
# shellcheck source=tests/bin/lib.sh
. "$(dirname "$0")/lib.sh"

repo="$SCRATCH/repo"
mkdir -p "$repo/bin/build-data" "$repo/src/lib/test" "$repo/src/app/__mocks__" "$repo/src/app/__tests__" "$repo/build"
cp "$ROOT/bin/build-hash.mjs" "$repo/bin/"
echo 'export const a = 1;' >"$repo/src/lib/a.ts"
echo 'export const App = () => null;' >"$repo/src/app/App.tsx"
echo 'it( "adds", () => {} );' >"$repo/src/lib/test/a.test.ts"
echo 'export const helper = 1;' >"$repo/src/lib/test/helper.ts"
echo 'it( "renders", () => {} );' >"$repo/src/app/App.test.tsx"
echo 'it( "renders", () => {} );' >"$repo/src/app/App.spec.ts"
echo 'export default {};' >"$repo/src/app/__mocks__/api.ts"
echo 'it( "x", () => {} );' >"$repo/src/app/__tests__/x.ts"
echo 'module.exports = {};' >"$repo/webpack.config.js"
echo '{}' >"$repo/tsconfig.json"
echo '{}' >"$repo/package-lock.json"
echo "import './build-data/sources.mjs';" >"$repo/bin/build-data.mjs"
echo 'export const sources = {};' >"$repo/bin/build-data/sources.mjs"
hash() { node "$repo/bin/build-hash.mjs"; }

before="$(hash)"
same "the hash is a SHA-256" 64 "${#before}"
same "the hash is stable" "$before" "$(hash)"

node "$repo/bin/build-hash.mjs" --write
check "--check passes after --write" node "$repo/bin/build-hash.mjs" --check

echo 'it( "adds, again", () => {} );' >>"$repo/src/lib/test/a.test.ts"
echo 'export const other = 2;' >>"$repo/src/lib/test/helper.ts"
echo 'it( "renders, again", () => {} );' >>"$repo/src/app/App.test.tsx"
echo '// changed' >>"$repo/src/app/App.spec.ts"
echo '// changed' >>"$repo/src/app/__mocks__/api.ts"
echo '// changed' >>"$repo/src/app/__tests__/x.ts"
echo 'it( "new", () => {} );' >"$repo/src/lib/test/new.test.ts"
same "changing or adding a jest test or a test helper keeps the hash" "$before" "$(hash)"
check "--check still passes: no rebuild asked for a test" node "$repo/bin/build-hash.mjs" --check

for input in src/lib/a.ts src/app/App.tsx webpack.config.js tsconfig.json package-lock.json bin/build-data.mjs bin/build-data/sources.mjs; do
	cp "$repo/$input" "$SCRATCH/saved"
	echo '// changed' >>"$repo/$input"
	differ "changing $input changes the hash" "$before" "$(hash)"
	cp "$SCRATCH/saved" "$repo/$input"
done
same "the sources restored, the hash is back" "$before" "$(hash)"
echo 'export const b = 1;' >"$repo/src/lib/b.ts"
differ "a new source file changes the hash" "$before" "$(hash)"
if node "$repo/bin/build-hash.mjs" --check; then
	not_ok "--check fails when a source changed"
else
	ok "--check fails when a source changed"
fi

# What the hash leaves out must be something the build never reads: no source outside the tests
# imports from a test folder.
imports="$(cd "$ROOT" && grep -rEln "from '[^']*/(test|__tests__|__mocks__)/" src --include='*.ts' --include='*.tsx' |
	grep -vE '(^|/)(test|__tests__|__mocks__)/|\.(test|spec)\.[jt]sx?$' || true)"
same "no source of the build imports a test file" "" "$imports"

finish
