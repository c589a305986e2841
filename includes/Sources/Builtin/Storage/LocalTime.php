<?php
/**
 * Site-local days and hours of Unix timestamps.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

defined( 'ABSPATH' ) || exit;

/**
 * Turns timestamps into the site's local day (Y-m-d) and hour (0–23), in wp_timezone(), so a visit
 * at 23:59 and one at 00:01 site time fall on two days, and DST is handled by PHP's zone data.
 */
final class LocalTime {

	/**
	 * The zone.
	 *
	 * @var \DateTimeZone
	 */
	private \DateTimeZone $zone;

	/**
	 * Day and hour by quarter-hour (every UTC offset is a whole number of quarter hours).
	 *
	 * @var array<int, array{0: string, 1: int}>
	 */
	private array $cache = array();

	/**
	 * A clock in a zone.
	 *
	 * @param \DateTimeZone|null $zone The zone; the site's by default.
	 */
	public function __construct( ?\DateTimeZone $zone = null ) {
		$this->zone = $zone ?? wp_timezone();
	}

	/**
	 * The local day and hour of a timestamp.
	 *
	 * @param int $ts Unix seconds.
	 * @return array{0: string, 1: int}
	 */
	public function day_hour( int $ts ): array {
		$quarter = intdiv( $ts, 900 );
		if ( ! isset( $this->cache[ $quarter ] ) ) {
			if ( count( $this->cache ) > 2000 ) {
				$this->cache = array();
			}
			$local                   = ( new \DateTimeImmutable( '@' . ( $quarter * 900 ) ) )->setTimezone( $this->zone );
			$this->cache[ $quarter ] = array( $local->format( 'Y-m-d' ), (int) $local->format( 'G' ) );
		}
		return $this->cache[ $quarter ];
	}

	/**
	 * The local day of a timestamp.
	 *
	 * @param int $ts Unix seconds.
	 */
	public function day( int $ts ): string {
		return $this->day_hour( $ts )[0];
	}

	/**
	 * The local day a number of months before a timestamp.
	 *
	 * @param int $ts     Unix seconds.
	 * @param int $months Months back.
	 */
	public function months_before( int $ts, int $months ): string {
		return ( new \DateTimeImmutable( '@' . $ts ) )->setTimezone( $this->zone )->modify( '-' . $months . ' months' )->format( 'Y-m-d' );
	}
}
