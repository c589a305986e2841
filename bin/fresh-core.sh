#!/usr/bin/env bash
# Copies a pristine WordPress core (.wp/core, see bin/wp-core.sh) into a new folder: the core's files
# and its themes only — no wp-config.php, database, uploads, log or plugin that a site run from
# .wp/core may have left there. Symbolic links (.wp/core may be one) are followed.
#
# Usage: bash bin/fresh-core.sh DEST
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="${1:?usage: bash bin/fresh-core.sh DEST}"
[ -f "$root/.wp/core/wp-settings.php" ] || bash "$root/bin/wp-core.sh" >/dev/null
mkdir -p "$dest"
tar -C "$root/.wp/core/" -chf - \
	--exclude=./wp-config.php \
	--exclude=./wp-content/plugins \
	--exclude=./wp-content/mu-plugins \
	--exclude=./wp-content/database \
	--exclude=./wp-content/uploads \
	--exclude=./wp-content/upgrade \
	--exclude=./wp-content/languages \
	--exclude=./wp-content/debug.log \
	. | tar -C "$dest" -xf -
mkdir -p "$dest/wp-content/plugins"
printf '<?php\n// Silence is golden.\n' >"$dest/wp-content/plugins/index.php"
