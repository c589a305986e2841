<?php
/**
 * The visitor's country (and region and city when the database has them).
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * Reads the location from a trusted CDN header when one is configured and present, otherwise from
 * a MaxMind-format database with the maintained reader (composer package maxmind-db/reader).
 * Understands MaxMind's GeoIP2/GeoLite2 records (country.iso_code, subdivisions, city) and the flat
 * records of the ip-location-db databases (country_code, state1, city).
 */
final class Geo {

	/**
	 * Open readers by database path, kept for the life of the PHP worker.
	 *
	 * @var array<string, \MaxMind\Db\Reader|null>
	 */
	private static array $readers = array();

	/**
	 * Path of the database; empty for none.
	 *
	 * @var string
	 */
	private string $mmdb;

	/**
	 * The CDN's country header, as a $_SERVER key (HTTP_CF_IPCOUNTRY); empty for none.
	 *
	 * @var string
	 */
	private string $header;

	/**
	 * Sets the sources.
	 *
	 * @param string $mmdb   Path of a .mmdb file; empty for none.
	 * @param string $header A request header name such as CF-IPCountry; empty for none.
	 */
	public function __construct( string $mmdb, string $header ) {
		$this->mmdb   = $mmdb;
		$this->header = '' === $header ? '' : 'HTTP_' . strtoupper( str_replace( '-', '_', $header ) );
	}

	/**
	 * Where an address is.
	 *
	 * @param string               $ip     The visitor's address.
	 * @param array<string, mixed> $server The request's $_SERVER, for the CDN header.
	 * @return array{cc: string, rg: string, ci: string} ISO country code, region, city; '' when unknown.
	 */
	public function locate( string $ip, array $server ): array {
		$place = array(
			'cc' => '',
			'rg' => '',
			'ci' => '',
		);
		if ( '' !== $this->header && isset( $server[ $this->header ] ) && is_string( $server[ $this->header ] ) ) {
			$code = strtoupper( trim( $server[ $this->header ] ) );
			// XX: unknown, T1: Tor (Cloudflare's codes); neither is a country.
			if ( 1 === preg_match( '/^[A-Z]{2}$/', $code ) && 'XX' !== $code && 'T1' !== $code ) {
				$place['cc'] = $code;
				return $place;
			}
		}
		$record = $this->lookup( $ip );
		if ( null === $record ) {
			return $place;
		}
		$code = self::text( $record['country']['iso_code'] ?? $record['country_code'] ?? '' );
		if ( 1 !== preg_match( '/^[A-Za-z]{2}$/', $code ) ) {
			return $place;
		}
		$place['cc'] = strtoupper( $code );
		$place['rg'] = self::text( $record['subdivisions'][0]['names']['en'] ?? $record['state1'] ?? '' );
		$place['ci'] = self::text( $record['city']['names']['en'] ?? $record['city'] ?? '' );
		return $place;
	}

	/**
	 * Whether the database knows regions: a city-level database (MaxMind's GeoIP2/GeoLite2 City,
	 * ip-location-db's city databases), by the type its metadata declares.
	 */
	public function has_regions(): bool {
		$reader = $this->reader();
		return null !== $reader && str_contains( strtolower( (string) $reader->metadata()->databaseType ), 'city' );
	}

	/**
	 * The database record of an address.
	 *
	 * @param string $ip The address.
	 * @return array<mixed>|null
	 */
	private function lookup( string $ip ): ?array {
		$reader = $this->reader();
		if ( null === $reader || '' === $ip ) {
			return null;
		}
		try {
			$record = $reader->get( $ip );
		} catch ( \Throwable $e ) {
			return null;
		}
		return is_array( $record ) ? $record : null;
	}

	/**
	 * The reader of the database, opened once per worker; null without a usable database.
	 */
	private function reader(): ?\MaxMind\Db\Reader {
		if ( '' === $this->mmdb ) {
			return null;
		}
		if ( ! array_key_exists( $this->mmdb, self::$readers ) ) {
			$reader = null;
			if ( class_exists( \MaxMind\Db\Reader::class ) && is_readable( $this->mmdb ) ) {
				try {
					$reader = new \MaxMind\Db\Reader( $this->mmdb );
				} catch ( \Throwable $e ) {
					$reader = null;
				}
			}
			self::$readers[ $this->mmdb ] = $reader;
		}
		return self::$readers[ $this->mmdb ];
	}

	/**
	 * A record value as a short single-line string.
	 *
	 * @param mixed $value The value.
	 */
	private static function text( $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		return Text::cut( trim( (string) preg_replace( '/[\x00-\x1F\x7F]/', '', $value ) ), 100 );
	}
}
