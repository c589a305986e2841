<?php
/**
 * The Exceptions report's days out of their usual range, found in GA4's daily numbers.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Analysis\Exceptions\Detector;
use MonsterInsights\Reports\Analysis\Exceptions\Series;
use MonsterInsights\Reports\Analysis\Exceptions\Watch;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * The series Analysis\Exceptions\Watch names, read from GA4 by day (the `date` dimension): the
 * site's sessions; sessions, page views and bounce rate by session channel; sessions by campaign;
 * the sessions and bounce rate of the TOP_PAGES landing pages with the most sessions; purchases and
 * revenue while a shop is active. The Detector judges the complete days of the range (before today,
 * site time; not before the lookback) against the Detector::WEEKS weeks before each, and the
 * Watch::RECURRING_DAYS days before the range are judged too, for recurrence. One page load asks
 * GA4 twice at most: the series in one batch (GoogleSource::prefetch()), then the top landing
 * pages' days, which depend on its answer; each answer is cached as every GA4 answer is, and the
 * exceptions found per property and range for Cache::LONG (on a quota error: the last ones found).
 *
 * An exception's id is a hash of the property, the day and the series (stable from request to
 * request, a positive 31-bit integer). Deleted ids are kept per property in the option OPTION,
 * with the ids listed (so that a deletion names one that exists), each until its day falls out of
 * the lookback.
 */
final class Ga4Exceptions {

	/**
	 * Per property: `found` and `deleted`, each id → day.
	 */
	public const OPTION = 'monsterinsights_reports_google_exceptions';

	/**
	 * Rows a daily request answers at most (GA4 allows 250,000; without a limit it answers 10,000).
	 */
	public const ROWS = 100000;

	/**
	 * Builds it.
	 *
	 * @param GoogleSource  $source   The source that asks GA4.
	 * @param Detector|null $detector Judges the days.
	 */
	public function __construct( private GoogleSource $source, private ?Detector $detector = null ) {
		$this->detector ??= new Detector();
	}

	/**
	 * Today, site time, at the `monsterinsights_reports_now` filter's time (the current time).
	 */
	public static function today(): string {
		/** This filter is documented in includes/Reports/Realtime.php */
		return wp_date( 'Y-m-d', (int) apply_filters( 'monsterinsights_reports_now', time() ) );
	}

	/**
	 * A page of the range's exceptions that are not deleted, newest day first.
	 *
	 * @param DateRange $range    The range.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Rows a page.
	 * @return array{rows: list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>, total: int}
	 * @throws GoogleError When GA4 cannot answer and nothing was found before.
	 */
	public function page( DateRange $range, int $page, int $per_page ): array {
		$found = $this->found( $range->start_ymd(), $range->end_ymd() );
		$this->remember( $found );
		$deleted = $this->state()['deleted'];
		$rows    = array_values( array_filter( $found, static fn( array $row ): bool => ! isset( $deleted[ $row['id'] ] ) ) );
		return array(
			'rows'  => array_slice( $rows, max( 0, ( $page - 1 ) * max( 1, $per_page ) ), max( 1, $per_page ) ),
			'total' => count( $rows ),
		);
	}

	/**
	 * Deletes an exception that was listed: it is never listed again.
	 *
	 * @param int $id The exception's id.
	 * @return bool False when no such exception was listed, or it is deleted already.
	 */
	public function delete( int $id ): bool {
		$state = $this->state();
		if ( ! isset( $state['found'][ $id ] ) || isset( $state['deleted'][ $id ] ) ) {
			return false;
		}
		$state['deleted'][ $id ] = $state['found'][ $id ];
		$this->save( $state );
		return true;
	}

	/**
	 * The exceptions of the complete days from $from to $to within the lookback, newest day first
	 * (then by id): from the cache while fresh, else found afresh; when GA4's quota is used up, the
	 * last ones found (Cache::$stale then says so).
	 *
	 * @param string $from First day (Y-m-d).
	 * @param string $to   Last day.
	 * @return list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>
	 * @throws GoogleError When GA4 cannot answer and nothing was found before.
	 */
	public function found( string $from, string $to ): array {
		$today    = self::today();
		$lookback = self::shift( $today, -Watch::LOOKBACK_DAYS );
		$from     = max( $from, $lookback );
		$to       = min( $to, self::shift( $today, -1 ) );
		if ( $from > $to ) {
			return array();
		}
		$settings = $this->source->connection()->get();
		$key      = $settings['property'] . '|' . $settings['connected_at'] . '|exceptions|' . $from . '|' . $to . '|' . $today;
		$fresh    = Cache::fresh( $key );
		if ( null === $fresh ) {
			$before       = Cache::$stale;
			Cache::$stale = false;
			try {
				$rows = $this->find( $from, $to, max( self::shift( $from, -Watch::RECURRING_DAYS ), $lookback ) );
			} catch ( GoogleError $error ) {
				Cache::$stale = $before;
				$fresh        = Cache::fallback( $key, $error );
				return self::rows( $fresh['rows'] ?? array() );
			}
			// Exceptions found in GA4's last answers (its quota ran out) are not kept as fresh.
			$stale = GoogleSource::stale();
			if ( ! $stale ) {
				Cache::store( $key, array( 'rows' => $rows ), Cache::LONG );
			}
			Cache::$stale = $before || $stale;
			return $rows;
		}
		return self::rows( $fresh['rows'] ?? array() );
	}

	/**
	 * Finds the exceptions of the days from $judge to $to (their recurrence) and keeps those from
	 * $from.
	 *
	 * @param string $from  First day listed.
	 * @param string $to    Last day.
	 * @param string $judge First day judged (on or before $from).
	 * @return list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>
	 * @throws GoogleError When GA4 cannot answer.
	 */
	private function find( string $from, string $to, string $judge ): array {
		$history = self::shift( $judge, -7 * Detector::WEEKS );
		$this->source->prefetch( fn( Source $source ): array => $this->series( $source, $history, $to ) );
		$all   = $this->series( $this->source, $history, $to );
		$first = null;
		foreach ( $all as $series ) {
			if ( Series::SITE_SESSIONS === $series->metric ) {
				foreach ( $series->values as $day => $sessions ) {
					if ( $sessions > 0 && ( null === $first || $day < $first ) ) {
						$first = (string) $day;
					}
				}
			}
		}
		if ( null === $first ) {
			return array();
		}
		$days = array();
		for ( $day = $judge; $day <= $to; $day = self::shift( $day, 1 ) ) {
			$days[] = $day;
		}
		$found = array();
		foreach ( $all as $series ) {
			foreach ( $this->detector->find( $series, $days, $first ) as $one ) {
				$found[] = array( $series, $one );
			}
		}
		$recurring = Watch::recurring(
			array_map(
				static fn( array $pair ): array => array(
					'key'       => $pair[0]->key(),
					'day'       => $pair[1]['day'],
					'direction' => $pair[1]['direction'],
				),
				$found
			)
		);
		$property  = $this->source->connection()->get()['property'];
		$rows      = array();
		foreach ( $found as $i => list( $series, $one ) ) {
			if ( $one['day'] < $from ) {
				continue;
			}
			$rows[] = array(
				'id'        => self::id( $property, $one['day'], $series ),
				'day'       => $one['day'],
				'category'  => $series->category->value,
				'metric'    => $series->metric,
				'label'     => $series->label,
				'direction' => $one['direction'],
				'value'     => (float) $one['value'],
				'expected'  => (float) $one['expected'],
				'recurring' => $recurring[ $i ],
			);
		}
		return self::rows( $rows );
	}

	/**
	 * The series over the days from $from to $to, asked of a source: the daily reports, then the
	 * days of the landing pages with the most sessions over them.
	 *
	 * @param Source $source The source (GoogleSource, or the recorder that writes the queries down).
	 * @param string $from   First day.
	 * @param string $to     Last day.
	 * @return list<Series>
	 * @throws GoogleError When GA4 cannot answer.
	 */
	private function series( Source $source, string $from, string $to ): array {
		$tz        = wp_timezone();
		$range     = new DateRange( new \DateTimeImmutable( $from, $tz ), new \DateTimeImmutable( $to, $tz ) );
		$daily     = static fn( array $metrics, array $dimensions, array $filters = array() ): Query => new Query( $metrics, $dimensions, $range, null, $filters, array(), self::ROWS );
		$site      = $source->run( $daily( array( Metric::SESSIONS ), array( Dimension::DATE ) ) );
		$channels  = $source->run( $daily( array( Metric::SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::BOUNCE_RATE ), array( Dimension::SESSION_CHANNEL, Dimension::DATE ) ) );
		$campaigns = $source->run( $daily( array( Metric::SESSIONS ), array( Dimension::SESSION_CAMPAIGN, Dimension::DATE ) ) );
		$top       = $source->run(
			new Query(
				array( Metric::SESSIONS ),
				array( Dimension::LANDING_PAGE ),
				$range,
				null,
				array(),
				array(
					array(
						'field' => Metric::SESSIONS,
						'desc'  => true,
					),
					array(
						'field' => Dimension::LANDING_PAGE,
						'desc'  => false,
					),
				),
				Watch::TOP_PAGES
			)
		);
		$shop      = Shop::active() ? $source->run( $daily( array( Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE ), array( Dimension::DATE ) ) ) : null;

		$out      = array();
		$sessions = self::by_day( $site, Metric::SESSIONS );
		if ( array() !== $sessions ) {
			$out[] = Watch::site_sessions( $sessions[''] ?? array() );
		}
		$views  = self::by_day( $channels, Metric::SCREEN_PAGE_VIEWS, Dimension::SESSION_CHANNEL );
		$bounce = self::by_day( $channels, Metric::BOUNCE_RATE, Dimension::SESSION_CHANNEL );
		foreach ( self::by_day( $channels, Metric::SESSIONS, Dimension::SESSION_CHANNEL ) as $channel => $days ) {
			$out = array_merge( $out, Watch::channel( (string) $channel, $days, $views[ $channel ] ?? array(), self::rates( $bounce[ $channel ] ?? array(), $days ) ) );
		}
		$paths = array();
		foreach ( $top->rows as $row ) {
			$path = (string) ( $row['dimensions'][ Dimension::LANDING_PAGE ] ?? '' );
			if ( '' !== $path && (float) ( $row['metrics'][ Metric::SESSIONS ] ?? 0 ) > 0 ) {
				$paths[] = $path;
			}
		}
		if ( array() !== $paths ) {
			$pages     = $source->run( $daily( array( Metric::SESSIONS, Metric::BOUNCE_RATE ), array( Dimension::LANDING_PAGE, Dimension::DATE ), array( new Filter( Dimension::LANDING_PAGE, Filter::IN_LIST, $paths ) ) ) );
			$bounce    = self::by_day( $pages, Metric::BOUNCE_RATE, Dimension::LANDING_PAGE );
			$entrances = self::by_day( $pages, Metric::SESSIONS, Dimension::LANDING_PAGE );
			ksort( $entrances, SORT_STRING );
			foreach ( $entrances as $path => $days ) {
				$days  = array_filter( $days, static fn( float $n ): bool => $n > 0 );
				$out[] = Watch::page_bounce_rate( (string) $path, self::rates( $bounce[ $path ] ?? array(), $days ), $days );
			}
		}
		foreach ( self::by_day( $campaigns, Metric::SESSIONS, Dimension::SESSION_CAMPAIGN ) as $name => $days ) {
			$out[] = Watch::campaign_sessions( (string) $name, $days );
		}
		if ( null !== $shop ) {
			$out = array_merge( $out, Watch::shop( self::by_day( $shop, Metric::ECOMMERCE_PURCHASES )[''] ?? array(), self::by_day( $shop, Metric::TOTAL_REVENUE )[''] ?? array() ) );
		}
		return $out;
	}

	/**
	 * A metric of a daily result by label (a dimension's value; '' without one) and day. Rows
	 * without a label ('', GA4's "(not set)") are left out, as the builtin source leaves them out.
	 *
	 * @param Result $result    The result.
	 * @param string $metric    The metric.
	 * @param string $dimension The label's dimension, or ''.
	 * @return array<string, array<string, float>>
	 */
	private static function by_day( Result $result, string $metric, string $dimension = '' ): array {
		$out = array();
		foreach ( $result->rows as $row ) {
			$day   = (string) ( $row['dimensions'][ Dimension::DATE ] ?? '' );
			$label = '' === $dimension ? '' : (string) ( $row['dimensions'][ $dimension ] ?? '' );
			if ( '' === $day || ( '' !== $dimension && in_array( $label, array( '', '(not set)' ), true ) ) ) {
				continue;
			}
			$out[ $label ][ $day ] = (float) ( $row['metrics'][ $metric ] ?? 0 );
		}
		ksort( $out, SORT_STRING );
		return $out;
	}

	/**
	 * A bounce rate series as Watch holds it: GA4's rate in percent to one decimal, for the days
	 * with sessions.
	 *
	 * @param array<string, float> $rates    Day → GA4's bounce rate, in percent.
	 * @param array<string, float> $sessions Day → sessions.
	 * @return array<string, float>
	 */
	private static function rates( array $rates, array $sessions ): array {
		$out = array();
		foreach ( $sessions as $day => $count ) {
			if ( $count > 0 ) {
				$out[ $day ] = round( $rates[ $day ] ?? 0.0, 1 );
			}
		}
		return $out;
	}

	/**
	 * Rows in the interface's order: newest day first, then by id.
	 *
	 * @param mixed $rows Rows (a cache's answer).
	 * @return list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>
	 */
	private static function rows( $rows ): array {
		$out = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			if ( is_array( $row ) && isset( $row['id'], $row['day'] ) ) {
				$out[] = array(
					'id'        => (int) $row['id'],
					'day'       => (string) $row['day'],
					'category'  => (string) ( $row['category'] ?? '' ),
					'metric'    => (string) ( $row['metric'] ?? '' ),
					'label'     => (string) ( $row['label'] ?? '' ),
					'direction' => (int) ( $row['direction'] ?? 1 ),
					'value'     => (float) ( $row['value'] ?? 0 ),
					'expected'  => (float) ( $row['expected'] ?? 0 ),
					'recurring' => ! empty( $row['recurring'] ),
				);
			}
		}
		usort( $out, static fn( array $a, array $b ): int => array( $b['day'], $a['id'] ) <=> array( $a['day'], $b['id'] ) );
		return $out;
	}

	/**
	 * An exception's id: crc32 of the property, the day and the series' key, as a positive 31-bit
	 * integer.
	 *
	 * @param string $property The property.
	 * @param string $day      The day.
	 * @param Series $series   The series.
	 */
	public static function id( string $property, string $day, Series $series ): int {
		return max( 1, crc32( $property . '|' . $day . '|' . $series->key() ) & 0x7FFFFFFF );
	}

	/**
	 * Writes the ids of exceptions found down (when one is new), so that they can be deleted.
	 *
	 * @param list<array{id: int, day: string}> $rows The exceptions.
	 */
	private function remember( array $rows ): void {
		$state = $this->state();
		$new   = false;
		foreach ( $rows as $row ) {
			if ( ! isset( $state['found'][ $row['id'] ] ) ) {
				$state['found'][ $row['id'] ] = $row['day'];
				$new                          = true;
			}
		}
		if ( $new ) {
			$this->save( $state );
		}
	}

	/**
	 * The connection's property's ids found and deleted, but those whose day fell out of the
	 * lookback.
	 *
	 * @return array{found: array<int, string>, deleted: array<int, string>}
	 */
	private function state(): array {
		$all   = get_option( self::OPTION, array() );
		$mine  = is_array( $all ) ? ( $all[ $this->source->connection()->get()['property'] ] ?? array() ) : array();
		$since = self::shift( self::today(), -Watch::LOOKBACK_DAYS );
		$keep  = static fn( $ids ): array => is_array( $ids ) ? array_filter( $ids, static fn( $day ): bool => is_string( $day ) && $day >= $since ) : array();
		return array(
			'found'   => $keep( is_array( $mine ) ? ( $mine['found'] ?? null ) : null ),
			'deleted' => $keep( is_array( $mine ) ? ( $mine['deleted'] ?? null ) : null ),
		);
	}

	/**
	 * Keeps the property's ids (the other properties' stay as they are).
	 *
	 * @param array{found: array<int, string>, deleted: array<int, string>} $state The ids (state()).
	 */
	private function save( array $state ): void {
		$all = get_option( self::OPTION, array() );
		$all = is_array( $all ) ? $all : array();

		$all[ $this->source->connection()->get()['property'] ] = $state;
		update_option( self::OPTION, $all, false );
	}

	/**
	 * A day some days after (before, when negative) another.
	 *
	 * @param string $day  The day (Y-m-d).
	 * @param int    $days Days.
	 */
	private static function shift( string $day, int $days ): string {
		return gmdate( 'Y-m-d', (int) strtotime( $day . ' 12:00:00 UTC' ) + $days * DAY_IN_SECONDS );
	}
}
