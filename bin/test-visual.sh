#!/usr/bin/env bash
# The visual tests: every screen as lite and as pro at 1440 and 600 px against the committed
# baselines in tests/e2e/visual/baselines, plus layout checks (tests/e2e/visual.config.ts), on a
# site of their own whose clock stands still (bin/serve-e2e.sh with E2E_FAKETIME).
#
#   bash bin/test-visual.sh            compare (a missing or different baseline fails)
#   bash bin/test-visual.sh --update   write the baselines that changed or are missing; look at
#                                      every changed PNG (git diff shows which) before committing
# Other arguments go to Playwright (e.g. -g "pro" or a spec file). VISUAL_PORT picks the port.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ -x /usr/bin/chromium ] || { echo "Chromium is missing: run bash bin/setup-system.sh" >&2; exit 1; }
[ -f build/reports.asset.php ] || npm run build --silent
bash bin/wp-core.sh >/dev/null
args=()
for arg in "$@"; do
	if [ "$arg" = --update ]; then
		args+=(--update-snapshots=changed)
	else
		args+=("$arg")
	fi
done
export E2E_PORT="${VISUAL_PORT:-9415}"
mkdir -p artifacts/e2e
CI="${CI:-1}" exec node_modules/.bin/playwright test -c tests/e2e/visual.config.ts "${args[@]}"
