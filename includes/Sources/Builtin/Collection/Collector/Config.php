<?php
/**
 * What the collector needs to know about a site, as WordPress wrote it into the site's data dir.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * The collector's settings for one site. WordPress builds it from the site's options
 * (Tracking\ConfigFile) and writes `config.php` (the exit guard of PrivateFile, then to_array() as
 * JSON) into the site's private data dir; collect.php reads it back with load(). The file holds no
 * visitor data.
 */
final class Config {

	/**
	 * The config file's name in the data dir.
	 */
	public const FILE = 'config.php';

	/**
	 * Format of the config file; a file of another format is rewritten by WordPress.
	 */
	public const VERSION = 1;

	/**
	 * Default largest body accepted, in bytes: a hit is well under 1 KB, the path and referrer are
	 * cut to 2048 characters each.
	 */
	public const DEFAULT_MAX_BODY = 8192;

	/**
	 * Identifies the site in the visitor key (with the IP and user agent).
	 *
	 * @var string
	 */
	public string $site_id = '';

	/**
	 * The site's own host names: referrers from them are internal and not stored.
	 *
	 * @var string[]
	 */
	public array $hosts = array();

	/**
	 * Whether a `DNT: 1` request header means no tracking.
	 *
	 * @var bool
	 */
	public bool $honor_dnt = true;

	/**
	 * Whether a `Sec-GPC: 1` request header means no tracking.
	 *
	 * @var bool
	 */
	public bool $honor_gpc = true;

	/**
	 * IP addresses and CIDR ranges whose hits are dropped.
	 *
	 * @var string[]
	 */
	public array $excluded_ips = array();

	/**
	 * Referrer hosts (and their subdomains) whose hits are dropped as spam.
	 *
	 * @var string[]
	 */
	public array $referrer_spam = array();

	/**
	 * Whether the site is behind a proxy it trusts to set X-Forwarded-For.
	 *
	 * @var bool
	 */
	public bool $trusted_proxy = false;

	/**
	 * How many trusted proxies append to X-Forwarded-For (1 to Ip::MAX_PROXIES): the client's
	 * address is that many entries from the right.
	 *
	 * @var int
	 */
	public int $trusted_proxies = 1;

	/**
	 * Visitors per IP address and minute whose hits are written (RateLimit::MAX_VISITORS_PER_IP
	 * unless filtered); 0 for no such limit.
	 *
	 * @var int
	 */
	public int $visitors_per_ip = RateLimit::MAX_VISITORS_PER_IP;

	/**
	 * Path of a MaxMind-format (.mmdb) country or city database; empty for none.
	 *
	 * @var string
	 */
	public string $country_mmdb = '';

	/**
	 * Request header a trusted CDN puts the visitor's country in (e.g. CF-IPCountry); empty for none.
	 *
	 * @var string
	 */
	public string $country_header = '';

	/**
	 * Largest body accepted, in bytes.
	 *
	 * @var int
	 */
	public int $max_body = self::DEFAULT_MAX_BODY;

	/**
	 * Path of the bot user-agent patterns (build/data/bots.php, compiled from isbot).
	 *
	 * @var string
	 */
	public string $crawlers = '';

	/**
	 * The site's timezone (wp_timezone_string(): a name such as America/New_York, or an offset
	 * such as +05:30): the visitor key's salt changes at the site's midnight, as report days do.
	 *
	 * @var string
	 */
	public string $timezone = 'UTC';

	/**
	 * Builds a config from an array, ignoring unknown keys and values of the wrong type.
	 *
	 * @param array<string, mixed> $data As to_array() returns it.
	 */
	public static function from_array( array $data ): self {
		$config = new self();
		foreach ( array( 'site_id', 'country_mmdb', 'country_header', 'crawlers', 'timezone' ) as $key ) {
			if ( isset( $data[ $key ] ) && is_scalar( $data[ $key ] ) ) {
				$config->$key = trim( (string) $data[ $key ] );
			}
		}
		foreach ( array( 'honor_dnt', 'honor_gpc', 'trusted_proxy' ) as $key ) {
			if ( isset( $data[ $key ] ) ) {
				$config->$key = (bool) $data[ $key ];
			}
		}
		foreach ( array( 'hosts', 'excluded_ips', 'referrer_spam' ) as $key ) {
			if ( isset( $data[ $key ] ) && is_array( $data[ $key ] ) ) {
				$config->$key = self::strings( $data[ $key ] );
			}
		}
		$config->hosts         = array_map( 'strtolower', $config->hosts );
		$config->referrer_spam = array_map( 'strtolower', $config->referrer_spam );
		if ( isset( $data['trusted_proxies'] ) && is_int( $data['trusted_proxies'] ) && $data['trusted_proxies'] >= 1 && $data['trusted_proxies'] <= Ip::MAX_PROXIES ) {
			$config->trusted_proxies = $data['trusted_proxies'];
		}
		if ( isset( $data['visitors_per_ip'] ) && is_int( $data['visitors_per_ip'] ) && $data['visitors_per_ip'] >= 0 ) {
			$config->visitors_per_ip = $data['visitors_per_ip'];
		}
		if ( isset( $data['max_body'] ) && is_numeric( $data['max_body'] ) && (int) $data['max_body'] > 0 ) {
			$config->max_body = (int) $data['max_body'];
		}
		return $config;
	}

	/**
	 * Reads `config.php` from a site's data dir.
	 *
	 * @param string $dir The site's private data dir.
	 * @return self|null Null when the file is missing or is not a config.
	 */
	public static function load( string $dir ): ?self {
		$text = PrivateFile::read( rtrim( $dir, '/\\' ) . '/' . self::FILE );
		$data = null === $text ? null : json_decode( $text, true );
		if ( ! is_array( $data ) || ( $data['version'] ?? null ) !== self::VERSION ) {
			return null;
		}
		return self::from_array( $data );
	}

	/**
	 * The config as the array the file returns: the version, then every property in the order the
	 * class declares them.
	 *
	 * @return array<string, mixed>
	 */
	public function to_array(): array {
		return array( 'version' => self::VERSION ) + get_object_vars( $this );
	}

	/**
	 * The contents of `config.php`: the exit guard, then the config as JSON (read as text by
	 * load(), never included, so a web server that runs the file prints nothing).
	 */
	public function to_php(): string {
		return PrivateFile::GUARD . $this->to_json() . "\n";
	}

	/**
	 * The config as JSON, what `config.php` holds after its guard.
	 */
	public function to_json(): string {
		return (string) json_encode( $this->to_array(), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- No WordPress here.
	}

	/**
	 * The non-empty strings of a list, trimmed.
	 *
	 * @param array<mixed> $values The list.
	 * @return string[]
	 */
	private static function strings( array $values ): array {
		$strings = array();
		foreach ( $values as $value ) {
			if ( is_scalar( $value ) && '' !== trim( (string) $value ) ) {
				$strings[] = trim( (string) $value );
			}
		}
		return array_values( array_unique( $strings ) );
	}
}
