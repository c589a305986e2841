<?php
/**
 * The site's private data dir: buffer, salts and the collector's config.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Collector\Endpoint;

defined( 'ABSPATH' ) || exit;

/**
 * `<uploads basedir>/monsterinsights-reports`: per site, since each site of a network has its own
 * uploads basedir. An index.php and an .htaccess that denies every request keep it from being
 * listed or read over the web on Apache; the files that matter are PHP files that print nothing
 * (config.php, salts.php) or hold no IP address (the buffer).
 */
final class DataDir {

	/**
	 * What the .htaccess says.
	 */
	private const HTACCESS = "# MonsterInsights Reports: private data, never served.\n<IfModule mod_authz_core.c>\n\tRequire all denied\n</IfModule>\n<IfModule !mod_authz_core.c>\n\tOrder deny,allow\n\tDeny from all\n</IfModule>\n";

	/**
	 * The current site's data dir (not created).
	 */
	public static function path(): string {
		$uploads = wp_upload_dir( null, false );
		return untrailingslashit( (string) $uploads['basedir'] ) . '/' . Endpoint::DIR_NAME;
	}

	/**
	 * Creates the current site's data dir with its guards, when missing.
	 *
	 * @return string|null The dir, or null when it cannot be created.
	 */
	public static function ensure(): ?string {
		$dir = self::path();
		if ( ! is_dir( $dir ) && ! wp_mkdir_p( $dir ) ) {
			return null;
		}
		$guards = array(
			'index.php' => "<?php\n// Silence is golden.\n",
			'.htaccess' => self::HTACCESS,
		);
		foreach ( $guards as $name => $content ) {
			if ( ! is_file( $dir . '/' . $name ) ) {
				file_put_contents( $dir . '/' . $name, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- Uploads are written directly, as core's wp_upload_bits() does.
			}
		}
		return $dir;
	}
}
