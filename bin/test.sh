#!/usr/bin/env bash
# Runs every check and test of the project and stops at the first failure:
# lint (ESLint, PHPCS), static checks (tsc, PHPStan), i18n freshness, jest, PHPUnit (single site and
# multisite against MariaDB), end-to-end (Playwright in Chromium against the embedded WordPress),
# the release (the zip, Plugin Check on it, the zip uploaded through wp-admin on a fresh site, alone
# and over the previous release's zip),
# and the bundle-size budgets (`node bin/bench.mjs --sizes`; the full bench, `npm run bench`, is not
# part of the tests).
# On a fresh machine it first installs what is missing (system packages, npm packages from the lock
# file with `npm ci`, Composer packages from composer.lock, the WordPress core, the pinned
# third-party plugins and tools of bin/third-party.txt).
#
# The steps run as a small dependency graph, TEST_JOBS at a time (default: the number of CPUs, at
# least 2): PHPCS and PHPStan start as soon as Composer is done, the lints and jest as soon as npm
# is, PHPUnit and Playwright once the build is there. Each step's output is printed in one piece when
# it ends, headed by its name and duration. When a step fails, its output is printed, the steps still
# running are stopped, and the run fails; at the end every step's duration and the total are listed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

started=$SECONDS
cpus="$(nproc 2>/dev/null || echo 2)"
jobs_max="${TEST_JOBS:-$((cpus > 2 ? cpus : 2))}"
[ "$jobs_max" -ge 1 ] || jobs_max=1
logs="$(mktemp -d)"

declare -A job_title=() job_cmd=() job_deps=() job_state=() job_start=() job_time=() pid_job=()
job_order=()
# job ID TITLE "DEPENDENCY IDS" COMMAND — a step, run with bash -c once its dependencies passed.
job() {
	job_order+=("$1")
	job_title[$1]="$2"
	job_deps[$1]="$3"
	job_cmd[$1]="$4"
	job_state[$1]=waiting
}

running=0
stop_all() {
	local p _
	# SIGINT first: Playwright stops its web server on it; then SIGTERM whatever is left.
	for p in "${!pid_job[@]}"; do
		kill -INT -- "-$p" 2>/dev/null || kill -INT "$p" 2>/dev/null || true
	done
	for _ in $(seq 1 20); do
		for p in "${!pid_job[@]}"; do
			kill -0 "$p" 2>/dev/null || unset "pid_job[$p]"
		done
		[ "${#pid_job[@]}" -gt 0 ] || break
		sleep 0.5
	done
	for p in "${!pid_job[@]}"; do
		kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true
	done
	wait 2>/dev/null || true
}
trap 'stop_all; rm -rf "$logs"' EXIT
trap 'exit 130' INT TERM

summary() {
	printf '\n%-58s %6s\n' 'Step' 'Time'
	for name in "${job_order[@]}"; do
		case "${job_state[$name]}" in
			passed) printf '%-58s %5ss\n' "${job_title[$name]}" "${job_time[$name]}" ;;
			failed) printf '%-58s %5ss  FAILED\n' "${job_title[$name]}" "${job_time[$name]}" ;;
			running) printf '%-58s %6s\n' "${job_title[$name]}" 'stopped' ;;
			*) printf '%-58s %6s\n' "${job_title[$name]}" '-' ;;
		esac
	done
	printf '%-58s %5ss\n' 'Total (wall clock)' "$((SECONDS - started))"
}

launch() {
	local name=$1
	job_state[$name]=running
	job_start[$name]=$SECONDS
	printf '==> %s: started\n' "${job_title[$name]}"
	# A process group of its own, so a failure elsewhere stops the whole step (e.g. a web server).
	setsid bash -c "set -euo pipefail; ${job_cmd[$name]}" </dev/null >"$logs/$name.log" 2>&1 &
	pid_job[$!]=$name
	running=$((running + 1))
}

ready() {
	local dep
	for dep in ${job_deps[$1]}; do
		[ "${job_state[$dep]}" = passed ] || return 1
	done
}

run_jobs() {
	local name finished status
	while :; do
		for name in "${job_order[@]}"; do
			[ "$running" -lt "$jobs_max" ] || break
			if [ "${job_state[$name]}" = waiting ] && ready "$name"; then
				launch "$name"
			fi
		done
		[ "$running" -gt 0 ] || break
		status=0
		wait -n -p finished "${!pid_job[@]}" || status=$?
		name="${pid_job[$finished]}"
		unset "pid_job[$finished]"
		running=$((running - 1))
		job_time[$name]=$((SECONDS - job_start[$name]))
		printf '\n==> %s (%s s)\n' "${job_title[$name]}" "${job_time[$name]}"
		cat "$logs/$name.log"
		if [ "$status" -ne 0 ]; then
			job_state[$name]=failed
			printf '\n==> FAILED: %s (exit %s)\n' "${job_title[$name]}" "$status" >&2
			stop_all
			summary
			exit 1
		fi
		job_state[$name]=passed
	done
	for name in "${job_order[@]}"; do
		if [ "${job_state[$name]}" = waiting ]; then
			echo "test: ${job_title[$name]} never became ready" >&2
			exit 1
		fi
	done
}

# Install: system packages first (apt), then npm, Composer and the core side by side.
job sys "Install: system packages" "" 'bash bin/setup-system.sh'
# `npm ci` installs exactly package-lock.json; skipped when node_modules is newer than the lock.
job npm "Install: npm ci" "sys" '
	if [ ! -d node_modules/.bin ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		npm ci --prefer-offline --no-audit --no-fund
	else
		echo "node_modules is current with package-lock.json"
	fi
	# npm start'"'"'s own Playground CLI (bin/playground, for a fresh clone): the same version, its lock in sync.
	node -e "const a = require(\"./package.json\").devDependencies[\"@wp-playground/cli\"], b = require(\"./bin/playground/package.json\").dependencies[\"@wp-playground/cli\"]; if (a !== b) { console.error(\"bin/playground has @wp-playground/cli \" + b + \", package.json \" + a); process.exit(1); }"
	(cd bin/playground && npm ci --dry-run --no-audit --no-fund --loglevel=error >/dev/null)'
# `composer install` installs exactly composer.lock (committed; composer.json sets "lock": true, so a
# machine whose global Composer config turns locks off still reads it); the lock must be current
# with composer.json.
job composer "Install: Composer" "sys" '
	composer validate --no-check-publish --strict
	if [ ! -x vendor/bin/phpunit ] || [ composer.json -nt vendor/autoload.php ] || [ composer.lock -nt vendor/autoload.php ]; then
		composer install --no-interaction --no-progress
	else
		echo "vendor is current with composer.lock"
	fi'
job core "Install: WordPress core" "sys" 'bash bin/wp-core.sh'
# The pinned third-party plugins and tools (bin/third-party.txt): ../shared's copies, else the
# official downloads; one that cannot be had fails here, naming what to provide and where.
job thirdparty "Install: third-party plugins and tools (bin/third-party.sh)" "sys" '
	bash bin/third-party.sh plugin-check wp-cli contact-form-7 wpforms-lite formidable ninja-forms'

# Longest first, where a slot is free: the build (PHPUnit and the end-to-end tests need it), jest,
# the end-to-end tests, the release's tests (about three minutes on Playground, so they start early
# instead of last), PHPUnit; PHPStan and PHPCS only need Composer, so they usually run while npm is
# still installing.
# build/ is committed (a fresh clone's npm start runs it as it is): in CI the commit's build/ must be
# exactly what its sources build to.
job build "Build (in CI: the committed build/ is the sources' build)" "npm" '
	npm run build --silent
	if [ -n "$(git status --porcelain -- build 2>/dev/null)" ]; then
		git status --short -- build | head -n 20
		if [ -n "${CI:-}" ]; then
			echo "build/ is not the build of these sources: run npm run build and commit build/" >&2
			exit 1
		fi
		echo "build/ changed: commit it with the sources (CI fails when they differ)"
	fi'
job jest "Unit: jest" "npm" 'npm run test:js --silent -- --ci'
# The bin/ scripts' own tests (tests/bin/*.test.sh): each on scratch folders and stand-ins.
job bintests "Unit: the bin scripts (tests/bin)" "sys" 'bash tests/bin/run.sh'
job e2e "End to end: Playwright in Chromium" "build composer core thirdparty" 'bash bin/test-e2e.sh'
# Every screen as lite and pro at 1440 and 600 px against tests/e2e/visual/baselines, on a site of
# its own whose clock starts at a fixed instant (libfaketime); `npm run test:visual -- --update`.
job visual "End to end: visual baselines of every screen" "build composer core thirdparty" 'bash bin/test-visual.sh'
# The release: the zip (versions agreeing), Plugin Check 1.2 on it on a fresh site (0 errors), and
# the zip uploaded through wp-admin on a fresh site in Chromium.
job zip "Release: npm run plugin-zip (versions agree)" "build composer" '
	mkdir -p artifacts
	bash bin/plugin-zip.sh artifacts/monsterinsights-reports.zip'
# The previous release's zip (tests/e2e/release/previous.json), built from its commit by its own
# plugin-zip, kept in .wp/previous-release/ per commit; beside the other steps.
job prevzip "Release: the previous release's zip (bin/previous-release-zip.sh)" "npm composer" 'bash bin/previous-release-zip.sh'
job release "End to end: release zip, fresh and over the previous one" "zip prevzip core" '
	mkdir -p artifacts/e2e
	RELEASE_ZIP=artifacts/monsterinsights-reports.zip CI="${CI:-1}" node_modules/.bin/playwright test -c tests/e2e/release.config.ts'
job phpunit "Integration: PHPUnit (single site, multisite, WooCommerce, Easy Digital Downloads)" "build composer core" 'bash bin/test-php.sh'
job start "End to end: npm start in a new browser" "build core" '
	mkdir -p artifacts/e2e
	CI="${CI:-1}" node_modules/.bin/playwright test -c tests/e2e/start.config.ts'
job e2e_playground "End to end: the private data dir on the embedded Playground" "build composer core thirdparty" '
	E2E_SERVER=playground E2E_PORT=9411 bash bin/test-e2e.sh tests/e2e/specs/data-privacy.spec.ts'
# The network's Google connection on a multisite network (E2E_MULTISITE=1: only
# tests/e2e/specs/google-network.spec.ts runs there), on a site and port of its own.
job e2e_network "End to end: the network's Google connection on a multisite site" "build composer core thirdparty" '
	E2E_MULTISITE=1 E2E_PORT=9412 bash bin/test-e2e.sh'
job phpstan "Static analysis: PHPStan" "composer core" 'vendor/bin/phpstan analyse --memory-limit=1G --no-progress'
job phpcs "Lint: PHPCS (WPCS 3, as Plugin Check runs it)" "composer thirdparty" 'bash bin/phpcs.sh -q'
job eslint "Lint: ESLint" "npm" 'npm run lint:js --silent'
job tsc "Typecheck: tsc --noEmit" "npm" 'npm run typecheck --silent'
job i18n "i18n: languages/monsterinsights-reports.pot is current" "build sys" 'node bin/i18n.mjs --check'
job plugincheck "Release: Plugin Check 1.2 on the zip (0 errors)" "zip core thirdparty" 'bash bin/plugin-check.sh artifacts/monsterinsights-reports.zip'
job sizes "Bench: bundle sizes (the full bench is npm run bench)" "build" 'node bin/bench.mjs --sizes'

printf 'test: %s steps, %s at a time\n' "${#job_order[@]}" "$jobs_max"
run_jobs
summary
printf '\nAll checks and tests passed.\n'
