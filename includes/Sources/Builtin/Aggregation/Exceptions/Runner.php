<?php
/**
 * Runs the exception detector over the complete days it has not judged yet.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions;

use MonsterInsights\Reports\Analysis\Exceptions\Detector;
use MonsterInsights\Reports\Analysis\Exceptions\Watch;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

defined( 'ABSPATH' ) || exit;

/**
 * A day is judged once it is complete: before today (site time), and ended before the last
 * aggregation run that emptied the buffer began (so a stalled aggregation does not show as a drop
 * of every series; a run that stopped at its time budget vouches for the day before its day only).
 * The option CHECKED_OPTION keeps the last day judged. No run looks further back than
 * LOOKBACK_DAYS (the first run, or one after the event stopped for long); a run judges at most the
 * days it is given (the daily cron event and the report's load alike), oldest first, so a later
 * run goes on where it stopped. Each day is judged against the WEEKS weeks before it (Detector),
 * read in a handful of queries for the whole run.
 */
final class Runner {

	/**
	 * The last day judged (Y-m-d, site time).
	 */
	public const CHECKED_OPTION = 'monsterinsights_reports_exceptions_checked';

	/**
	 * The last error of the cron event's run, if any.
	 */
	public const ERROR_OPTION = 'monsterinsights_reports_exceptions_error';

	/**
	 * Days the first run looks back (Watch).
	 */
	public const LOOKBACK_DAYS = Watch::LOOKBACK_DAYS;

	/**
	 * Days one run judges at most.
	 */
	public const MAX_DAYS = 92;

	/**
	 * A runner.
	 *
	 * @param RollupSeries|null $series   Reads the series.
	 * @param Store|null        $store    Keeps the exceptions.
	 * @param Detector|null     $detector Judges the days.
	 */
	public function __construct( private ?RollupSeries $series = null, private ?Store $store = null, private ?Detector $detector = null ) {
		$this->series   ??= new RollupSeries();
		$this->store    ??= new Store();
		$this->detector ??= new Detector();
	}

	/**
	 * Today, site time, at the `monsterinsights_reports_now` filter's time (the current time).
	 */
	public static function today(): string {
		/** This filter is documented in includes/Reports/Realtime.php */
		return ( new LocalTime() )->day( (int) apply_filters( 'monsterinsights_reports_now', time() ) );
	}

	/**
	 * Judges the complete days not judged yet, at most $max_days of them.
	 *
	 * @param string $today    Today (Y-m-d, site time); days before it are complete.
	 * @param int    $max_days Days to judge at most.
	 * @return int Exceptions written.
	 */
	public function run( string $today, int $max_days = self::MAX_DAYS ): int {
		$first = $this->series->first_day();
		if ( null === $first ) {
			return 0;
		}
		$utc       = new \DateTimeZone( 'UTC' );
		$today_at  = new \DateTimeImmutable( $today . ' 00:00:00', $utc );
		$yesterday = min( $today_at->modify( '-1 day' )->format( 'Y-m-d' ), self::aggregated_through() ?? $today );
		$checked   = (string) get_option( self::CHECKED_OPTION, '' );
		// Never further back than the lookback, whatever was missed (an event that did not run for
		// months): the recent days matter, and one run then reaches today.
		$start = max( $today_at->modify( '-' . self::LOOKBACK_DAYS . ' days' )->format( 'Y-m-d' ), $first );
		if ( '' !== $checked ) {
			$start = max( $start, ( new \DateTimeImmutable( $checked . ' 00:00:00', $utc ) )->modify( '+1 day' )->format( 'Y-m-d' ) );
		}
		if ( $start > $yesterday || $max_days < 1 ) {
			return 0;
		}
		$start_at = new \DateTimeImmutable( $start . ' 00:00:00', $utc );
		$end      = min( $yesterday, $start_at->modify( '+' . ( $max_days - 1 ) . ' days' )->format( 'Y-m-d' ) );
		$days     = array();
		$day      = $start;
		while ( $day <= $end ) {
			$days[] = $day;
			$day    = gmdate( 'Y-m-d', (int) strtotime( $day . ' 12:00:00 UTC' ) + DAY_IN_SECONDS );
		}
		$history = $start_at->modify( '-' . ( 7 * Detector::WEEKS ) . ' days' )->format( 'Y-m-d' );

		$found = array();
		foreach ( $this->series->all( $history, $end ) as $series ) {
			foreach ( $this->detector->find( $series, $days, $first ) as $one ) {
				$found[] = array( $series, $one );
			}
		}
		// Oldest first, so an exception is recurring when an earlier one of this run came before it.
		usort( $found, static fn( array $a, array $b ): int => strcmp( $a[1]['day'], $b[1]['day'] ) );
		$written = 0;
		$now     = time();
		foreach ( $found as list( $series, $one ) ) {
			$recurring = $this->store->recurred( Store::hash( $series ), $one['direction'], $one['day'] );
			if ( $this->store->add( $series, $one, $recurring, $now ) ) {
				++$written;
			}
		}
		update_option( self::CHECKED_OPTION, $end, false );
		return $written;
	}

	/**
	 * The last day the aggregation has surely brought in whole, from its last run (null before
	 * the first run): the day before the run's day when the run emptied the buffer, else the day
	 * before that.
	 */
	public static function aggregated_through(): ?string {
		$run = get_option( Aggregator::LAST_RUN_OPTION );
		if ( ! is_array( $run ) || ! isset( $run['time'] ) ) {
			return null;
		}
		$day  = ( new LocalTime() )->day( (int) $run['time'] );
		$back = ! empty( $run['complete'] ) ? 1 : 2;
		return gmdate( 'Y-m-d', (int) strtotime( $day . ' 12:00:00 UTC' ) - $back * DAY_IN_SECONDS );
	}

	/**
	 * The daily cron event: every day not judged yet, up to MAX_DAYS, errors kept from the cron.
	 */
	public static function from_cron(): void {
		try {
			( new self() )->run( self::today() );
		} catch ( \Throwable $error ) {
			update_option( self::ERROR_OPTION, $error->getMessage(), false );
		}
	}
}
