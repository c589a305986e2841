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
 * Valid ranges: 2005-01-01 ≤ start ≤ end ≤ today (docs/product-rules.md#dates).
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
	 * The labels, once made.
	 *
	 * @var array<string, string>|null
	 */
	private ?array $labels = null;

	/**
	 * The days' starts, once made.
	 *
	 * @var array<string, int>|null
	 */
	private ?array $timestamps = null;

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
	 * The presets of docs/product-rules.md#dates, in the date picker's order (src/lib/date-presets.ts
	 * PRESET_KEYS).
	 */
	public const PRESETS = array( 'today', 'yesterday', 'lastweek', 'lastmonth', 'last7days', 'last30days', 'last90days' );

	/**
	 * The preset a report shows when no dates are asked for.
	 */
	public const DEFAULT_PRESET = 'last30days';

	/**
	 * The presets the Queries (search console) report hides: its data lags by two days.
	 */
	public const HIDDEN_FOR_QUERIES = array( 'today', 'yesterday' );

	/**
	 * The days the examples of export() are computed for: month and year ends, a leap day, the
	 * floor's year, and every weekday, so each preset's arithmetic is pinned down.
	 */
	private const EXAMPLE_DAYS = array( '2005-01-09', '2024-02-29', '2024-03-01', '2025-01-01', '2025-12-31', '2026-03-29', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28' );

	/**
	 * Each preset's ranges for example days and every start of the week (src/lib/test/date-presets.json,
	 * written by bin/export-tiers.php), which the app's own computation (src/lib/dates.ts presetRange)
	 * must reproduce: a jest test. Rows: today, start of week, preset, start, end, compare start,
	 * compare end.
	 *
	 * @return array<int, array<int, string|int>>
	 */
	public static function examples(): array {
		$utc      = new \DateTimeZone( 'UTC' );
		$examples = array();
		foreach ( self::EXAMPLE_DAYS as $today ) {
			foreach ( range( 0, 6 ) as $start_of_week ) {
				foreach ( self::PRESETS as $key ) {
					list( $range, $compare ) = self::preset( $key, new \DateTimeImmutable( $today, $utc ), $start_of_week );
					$examples[]              = array( $today, $start_of_week, $key, $range->start_ymd(), $range->end_ymd(), $compare->start_ymd(), $compare->end_ymd() );
				}
			}
		}
		return $examples;
	}

	/**
	 * The date rules the app reads (src/lib/dates.json, written by bin/export-tiers.php): the
	 * earliest day, the presets in the picker's order, the default and the presets the Queries
	 * report hides. Pure data: no WordPress.
	 *
	 * @return array<string, mixed>
	 */
	public static function export(): array {
		return array(
			'earliest'         => self::EARLIEST,
			'presets'          => self::PRESETS,
			'default'          => self::DEFAULT_PRESET,
			'hiddenForQueries' => self::HIDDEN_FOR_QUERIES,
		);
	}

	/**
	 * The rules of export() as the JSON file bin/export-tiers.php writes (tabs).
	 */
	public static function export_json(): string {
		$head = array();
		foreach ( self::export() as $key => $value ) {
			$head[] = "\t" . json_encode( $key ) . ': ' . json_encode( $value, JSON_UNESCAPED_SLASHES ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- Loaded without WordPress by bin/export-tiers.php.
		}
		return "{\n" . implode( ",\n", $head ) . "\n}\n";
	}

	/**
	 * The rows of examples() as the JSON file bin/export-tiers.php writes: one row per line.
	 */
	public static function examples_json(): string {
		$rows = array_map( static fn( array $row ): string => "\t" . json_encode( $row ), self::examples() ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- Loaded without WordPress by bin/export-tiers.php.
		return "[\n" . implode( ",\n", $rows ) . "\n]\n";
	}

	/**
	 * The default preset's range and compare range for the site's today.
	 *
	 * @return array{0: self, 1: self}
	 */
	public static function default_ranges(): array {
		return self::preset( self::DEFAULT_PRESET, new \DateTimeImmutable( 'now', wp_timezone() ), (int) get_option( 'start_of_week', 1 ) );
	}

	/**
	 * The range and compare range of a preset, exactly as docs/product-rules.md#dates lists them
	 * and as the app computes them (src/lib/dates.ts presetRange):
	 *
	 * - today: today … today; today−1d … today−1d
	 * - yesterday: today−1d … today−1d; today−2d … today−2d
	 * - lastweek: startOfWeek−7d … startOfWeek−1d; startOfWeek−14d … startOfWeek−8d, where
	 *   startOfWeek is the first day of the current week under the site's start_of_week option
	 * - lastmonth: startOfMonth−1M … startOfMonth−1d; startOfMonth−2M … startOfMonth−1M−1d
	 * - last7days: today−7d … today−1d; today−14d … today−8d
	 * - last30days: today−30d … today−1d; today−60d … today−31d
	 * - last90days: today−90d … today−1d; today−180d … today−91d
	 *
	 * @param string             $key           A preset of self::PRESETS.
	 * @param \DateTimeImmutable $today         The site's today (its timezone is kept).
	 * @param int                $start_of_week The start_of_week option: 0 Sunday … 6 Saturday; wrapped modulo 7.
	 * @return array{0: self, 1: self} The range and its compare range.
	 * @throws \InvalidArgumentException For an unknown preset.
	 */
	public static function preset( string $key, \DateTimeImmutable $today, int $start_of_week ): array {
		$today = $today->setTime( 0, 0 );
		$day   = static fn ( \DateTimeImmutable $from, int $days ): \DateTimeImmutable => $from->modify( sprintf( '%+d days', $days ) );
		switch ( $key ) {
			case 'today':
				return array( new self( $today, $today ), new self( $day( $today, -1 ), $day( $today, -1 ) ) );
			case 'yesterday':
				return array( new self( $day( $today, -1 ), $day( $today, -1 ) ), new self( $day( $today, -2 ), $day( $today, -2 ) ) );
			case 'lastweek':
				// 'w': 0 Sunday … 6 Saturday, as start_of_week counts.
				$back = ( (int) $today->format( 'w' ) - ( ( $start_of_week % 7 ) + 7 ) % 7 + 7 ) % 7;
				$week = $day( $today, -$back );
				return array( new self( $day( $week, -7 ), $day( $week, -1 ) ), new self( $day( $week, -14 ), $day( $week, -8 ) ) );
			case 'lastmonth':
				$month    = $today->modify( 'first day of this month' );
				$previous = $month->modify( '-1 month' );
				return array( new self( $previous, $day( $month, -1 ) ), new self( $month->modify( '-2 months' ), $day( $previous, -1 ) ) );
			case 'last7days':
			case 'last30days':
			case 'last90days':
				$days = (int) substr( $key, 4 );
				return array( new self( $day( $today, -$days ), $day( $today, -1 ) ), new self( $day( $today, -2 * $days ), $day( $today, -$days - 1 ) ) );
		}
		throw new \InvalidArgumentException( 'Unknown date preset: ' . $key ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- Not output.
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
	 * Each day's start as a Unix time, by Y-m-d; made once per range object, as the blocks of one
	 * report walk the same days.
	 *
	 * @return array<string, int>
	 */
	public function timestamps(): array {
		if ( null === $this->timestamps ) {
			$this->timestamps = array();
			$tz               = $this->start->getTimezone();
			foreach ( $this->dates() as $date ) {
				$this->timestamps[ $date ] = ( new \DateTimeImmutable( $date, $tz ) )->getTimestamp();
			}
		}
		return $this->timestamps;
	}

	/**
	 * Each day's label, "M j" in the user's language, by Y-m-d; made once per range object, as the
	 * blocks of one report label the same days (wp_date() is most of a long chart's cost).
	 *
	 * @return array<string, string>
	 */
	public function labels(): array {
		if ( null === $this->labels ) {
			$this->labels = array();
			$tz           = $this->start->getTimezone();
			foreach ( $this->timestamps() as $date => $timestamp ) {
				$this->labels[ $date ] = wp_date( 'M j', $timestamp, $tz );
			}
		}
		return $this->labels;
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
