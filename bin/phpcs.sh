#!/usr/bin/env bash
# The project's PHPCS: PHP_CodeSniffer from Composer with the very standards the plugin directory's
# checker uses — WPCS 3.1, PHPCSUtils, PHPCSExtra and the VIP standards from Plugin Check 1.2's own
# vendor folder (the Composer registry here serves WPCS 2 only) — plus PHPCompatibility from
# Composer. So `bash bin/phpcs.sh` and Plugin Check (bin/plugin-check.sh) never disagree about a
# rule or an ignore comment. Arguments go to phpcs (default: phpcs.xml.dist's files);
# `bash bin/phpcs.sh --fix [files]` runs phpcbf instead.
#
# Plugin Check comes from bin/third-party.sh: ../shared/tools/plugin-check-1.2.0.tar.gz (or
# PLUGIN_CHECK_TOOLS=/folder), else its official download, checked against bin/third-party.txt and
# unpacked once into .wp/third-party/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

checker="$(bash bin/third-party.sh plugin-check)/plugin-check"
[ -x vendor/bin/phpcs ] || { echo "phpcs: vendor/bin/phpcs is missing. Run: composer install" >&2; exit 1; }

v="$checker/vendor"
paths="$v/wp-coding-standards/wpcs,$v/phpcsstandards/phpcsutils,$v/phpcsstandards/phpcsextra,$v/automattic/vipwpcs,$v/sirbrillig/phpcs-variable-analysis,$root/vendor/phpcompatibility/php-compatibility"
tool=phpcs
if [ "${1:-}" = --fix ]; then
	tool=phpcbf
	shift
fi
exec "vendor/bin/$tool" --runtime-set installed_paths "$paths" "$@"
