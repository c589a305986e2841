<?php
/**
 * An inclusive range of site-local dates.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * Start and end dates (Y-m-d, inclusive) in the site's timezone.
 * Valid ranges: 2005-01-01 ≤ start ≤ end ≤ today (decisions.md, "Dates").
 */
final class DateRange {

	public const EARLIEST = '2005-01-01';

	/**
	 * First day.
	 *
	 * @var \DateTimeImmutable
	 */
	public readonly \DateTimeImmutable $start;

	/**
	 * Last day, inclusive.
	 *
	 * @var \DateTimeImmutable
	 */
	public readonly \DateTimeImmutable $end;

	/**
	 * Builds a range from two days at midnight in the same timezone.
	 *
	 * @param \DateTimeImmutable $start First day.
	 * @param \DateTimeImmutable $end   Last day.
	 */
	public function __construct( \DateTimeImmutable $start, \DateTimeImmutable $end ) {
		$this->start = $start->setTime( 0, 0 );
		$this->end   = $end->setTime( 0, 0 );
	}

	/**
	 * Parses and validates a range given as Y-m-d strings.
	 *
	 * @param string             $start First day, Y-m-d.
	 * @param string             $end   Last day, Y-m-d.
	 * @param \DateTimeZone      $tz    The site's timezone.
	 * @param \DateTimeImmutable $today The site's today.
	 * @throws InvalidDateRange When a date is malformed or the range is outside what is allowed.
	 */
	public static function from_strings( string $start, string $end, \DateTimeZone $tz, \DateTimeImmutable $today ): self {
		$s = self::parse( $start, $tz );
		$e = self::parse( $end, $tz );
		if ( null === $s || null === $e ) {
			throw new InvalidDateRange( 'malformed' );
		}
		$today = $today->setTimezone( $tz )->setTime( 0, 0 );
		if ( $s > $e || $s < self::parse( self::EARLIEST, $tz ) || $e > $today ) {
			throw new InvalidDateRange( 'out_of_bounds' );
		}
		return new self( $s, $e );
	}

	/**
	 * A strict Y-m-d parse; null when the string is not a real date.
	 *
	 * @param string        $date The date.
	 * @param \DateTimeZone $tz   Its timezone.
	 */
	private static function parse( string $date, \DateTimeZone $tz ): ?\DateTimeImmutable {
		if ( ! preg_match( '/^\d{4}-\d{2}-\d{2}$/', $date ) ) {
			return null;
		}
		$parsed = \DateTimeImmutable::createFromFormat( '!Y-m-d', $date, $tz );
		if ( false === $parsed || $parsed->format( 'Y-m-d' ) !== $date ) {
			return null;
		}
		return $parsed;
	}

	/**
	 * The number of days in the range.
	 */
	public function days(): int {
		return (int) $this->start->diff( $this->end )->days + 1;
	}

	/**
	 * The range of the same length that ends the day before this one starts.
	 */
	public function previous(): self {
		$days = $this->days();
		return new self(
			$this->start->modify( '-' . $days . ' days' ),
			$this->start->modify( '-1 day' )
		);
	}

	/**
	 * Every day of the range as Y-m-d.
	 *
	 * @return string[]
	 */
	public function dates(): array {
		$dates = array();
		for ( $day = $this->start; $day <= $this->end; $day = $day->modify( '+1 day' ) ) {
			$dates[] = $day->format( 'Y-m-d' );
		}
		return $dates;
	}

	/**
	 * The first day, Y-m-d.
	 */
	public function start_ymd(): string {
		return $this->start->format( 'Y-m-d' );
	}

	/**
	 * The last day, Y-m-d.
	 */
	public function end_ymd(): string {
		return $this->end->format( 'Y-m-d' );
	}

	/**
	 * A stable key for caches.
	 */
	public function key(): string {
		return $this->start_ymd() . '_' . $this->end_ymd();
	}
}
