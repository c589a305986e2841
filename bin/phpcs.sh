#!/usr/bin/env bash
# The project's PHPCS: PHP_CodeSniffer from Composer with the very standards the plugin directory's
# checker uses — WPCS 3.1, PHPCSUtils, PHPCSExtra and the VIP standards from Plugin Check 1.2's own
# vendor folder (the Composer registry here serves WPCS 2 only) — plus PHPCompatibility from
# Composer. So `bash bin/phpcs.sh` and Plugin Check (bin/plugin-check.sh) never disagree about a
# rule or an ignore comment. Arguments go to phpcs (default: phpcs.xml.dist's files);
# `bash bin/phpcs.sh --fix [files]` runs phpcbf instead.
#
# Plugin Check comes from ../shared/tools/plugin-check-1.2.0.tar.gz (or PLUGIN_CHECK_TOOLS=/folder)
# and is unpacked once into .wp/tools/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

tools="${PLUGIN_CHECK_TOOLS:-$root/../shared/tools}"
checker="$root/.wp/tools/plugin-check-1.2.0"
if [ ! -f "$checker/vendor/wp-coding-standards/wpcs/WordPress/ruleset.xml" ]; then
	[ -f "$tools/plugin-check-1.2.0.tar.gz" ] || {
		echo "phpcs: $tools/plugin-check-1.2.0.tar.gz is missing (set PLUGIN_CHECK_TOOLS)" >&2
		exit 1
	}
	tmp="$(mktemp -d "$root/.wp/tools.XXXXXX" 2>/dev/null || { mkdir -p "$root/.wp" && mktemp -d "$root/.wp/tools.XXXXXX"; })"
	tar -xzf "$tools/plugin-check-1.2.0.tar.gz" -C "$tmp"
	mkdir -p "$root/.wp/tools"
	rm -rf "$checker"
	mv "$tmp/plugin-check" "$checker"
	rmdir "$tmp"
fi
[ -x vendor/bin/phpcs ] || { echo "phpcs: vendor/bin/phpcs is missing. Run: composer install" >&2; exit 1; }

v="$checker/vendor"
paths="$v/wp-coding-standards/wpcs,$v/phpcsstandards/phpcsutils,$v/phpcsstandards/phpcsextra,$v/automattic/vipwpcs,$v/sirbrillig/phpcs-variable-analysis,$root/vendor/phpcompatibility/php-compatibility"
tool=phpcs
if [ "${1:-}" = --fix ]; then
	tool=phpcbf
	shift
fi
exec "vendor/bin/$tool" --runtime-set installed_paths "$paths" "$@"
