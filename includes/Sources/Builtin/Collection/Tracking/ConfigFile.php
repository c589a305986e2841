<?php
/**
 * Writes the collector's config.php into the site's data dir.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;

defined( 'ABSPATH' ) || exit;

/**
 * The collector endpoint cannot ask WordPress for the settings, so WordPress writes them down for
 * it: when the tracking option or the site's address changes, on activation, and whenever the file
 * is missing or outdated (checked on admin_init and by the hourly cleanup).
 */
final class ConfigFile {

	/**
	 * The collector's config for the current site, from its settings.
	 */
	public static function build(): Config {
		$settings = Settings::get();
		$config   = new Config();

		$config->site_id         = (string) get_current_blog_id();
		$config->hosts           = self::hosts();
		$config->honor_dnt       = $settings['honor_dnt'];
		$config->honor_gpc       = $settings['honor_gpc'];
		$config->excluded_ips    = $settings['excluded_ips'];
		$config->referrer_spam   = $settings['referrer_spam'];
		$config->trusted_proxy   = $settings['trusted_proxy'];
		$config->trusted_proxies = $settings['trusted_proxies'];
		$config->country_mmdb    = $settings['country_mmdb'];
		$config->country_header  = $settings['country_header'];
		$config->crawlers        = MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php';
		$config->timezone        = wp_timezone_string();

		/**
		 * Filters the largest request body the collector accepts, in bytes.
		 *
		 * @param int $max_body Default 8192.
		 */
		$config->max_body = max( 1024, (int) apply_filters( 'monsterinsights_reports_collector_max_body', Config::DEFAULT_MAX_BODY ) );

		/**
		 * Filters how many visitors (browsers: address and user agent) one IP address may bring in
		 * a minute before the hits of further ones are dropped. Raise it for a site whose visitors
		 * share one address in large numbers (a campus or office NAT); 0 turns the limit off.
		 *
		 * @param int $visitors Default RateLimit::MAX_VISITORS_PER_IP (100).
		 */
		$config->visitors_per_ip = max( 0, (int) apply_filters( 'monsterinsights_reports_rate_limit_visitors_per_ip', RateLimit::MAX_VISITORS_PER_IP ) );
		return $config;
	}

	/**
	 * The config file of the current site.
	 */
	public static function path(): string {
		return DataDir::path() . '/' . Config::FILE;
	}

	/**
	 * Writes the file (atomically: a temporary file renamed over it), creating the data dir.
	 *
	 * @return bool Whether it was written.
	 */
	public static function write(): bool {
		$dir = DataDir::ensure();
		if ( null === $dir ) {
			return false;
		}
		// A guarded PHP file, written through a guarded temporary file renamed over it.
		if ( ! PrivateFile::write( $dir . '/' . Config::FILE, substr( self::build()->to_php(), strlen( PrivateFile::GUARD ) ) ) ) {
			return false;
		}
		return true;
	}

	/**
	 * Writes the file unless it exists with the current settings.
	 */
	public static function maybe_write(): void {
		if ( ! self::is_current() ) {
			self::write();
		}
	}

	/**
	 * Writes the file when it does not exist; cheap enough for every page view.
	 */
	public static function ensure_exists(): void {
		if ( ! is_file( self::path() ) ) {
			self::write();
		}
	}

	/**
	 * Whether the file exists and says what the settings say.
	 */
	public static function is_current(): bool {
		$file = self::path();
		return is_file( $file ) && file_get_contents( $file ) === self::build()->to_php(); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
	}

	/**
	 * Deletes the file of the current site.
	 */
	public static function delete(): void {
		if ( is_file( self::path() ) ) {
			wp_delete_file( self::path() );
		}
	}

	/**
	 * The host names of the site's front end and WordPress address, lower case, with and without
	 * "www.".
	 *
	 * @return string[]
	 */
	private static function hosts(): array {
		$hosts = array();
		foreach ( array( home_url( '/' ), site_url( '/' ) ) as $url ) {
			$host = wp_parse_url( $url, PHP_URL_HOST );
			if ( is_string( $host ) && '' !== $host ) {
				$host    = strtolower( $host );
				$hosts[] = $host;
				$hosts[] = str_starts_with( $host, 'www.' ) ? substr( $host, 4 ) : 'www.' . $host;
			}
		}
		return array_values( array_unique( $hosts ) );
	}
}
