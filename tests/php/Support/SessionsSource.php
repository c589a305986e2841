<?php
/**
 * A source over a list of session facts, for report tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Source;

/**
 * Answers Queries by grouping session facts in PHP: the reference semantics the report classes
 * rely on, independent of any SQL.
 *
 * Each session: date (Y-m-d), dimensions (deviceCategory, countryId, sessionSource, sessionMedium,
 * landingPage, pageTitle, pagePath, newVsReturning, hour, dayOfWeek), pageviews, duration,
 * engaged (bool), visitor (string).
 */
final class SessionsSource implements Source {

	/**
	 * Queries asked, for assertions.
	 *
	 * @var Query[]
	 */
	public array $queries = array();

	/**
	 * Builds the source.
	 *
	 * @param array<int, array<string, mixed>> $sessions  Session facts.
	 * @param array<string, string>            $links     What links() answers.
	 * @param bool                             $connected What is_connected() answers.
	 */
	public function __construct( private array $sessions, private array $links = array(), private bool $connected = true ) {
	}

	/**
	 * The key.
	 */
	public function key(): string {
		return 'sessions';
	}

	/**
	 * Whether connected.
	 */
	public function is_connected(): bool {
		return $this->connected;
	}

	/**
	 * Links.
	 *
	 * @param string $report Report name.
	 * @return array<string, string>
	 */
	public function links( string $report ): array {
		return $this->links;
	}

	/**
	 * Every dimension.
	 *
	 * @param string $dimension A dimension.
	 */
	public function supports( string $dimension ): bool {
		return true;
	}

	/**
	 * Data version.
	 */
	public function data_version(): string {
		return md5( (string) wp_json_encode( $this->sessions ) );
	}

	/**
	 * Answers a query.
	 *
	 * @param Query $query The query.
	 */
	public function run( Query $query ): Result {
		$this->queries[] = $query;
		$compare         = null !== $query->compare ? $this->answer( $query, $query->compare ) : null;
		$main            = $this->answer( $query, $query->range );
		return new Result( $main->rows, $main->totals, $compare );
	}

	/**
	 * Session facts have no times of day: nothing happened in the last minutes.
	 *
	 * @param RealtimeQuery $query The query.
	 */
	public function run_realtime( RealtimeQuery $query ): Result {
		return new Result( array(), array_fill_keys( $query->metrics, 0 ) );
	}

	/**
	 * Answers a query over one range.
	 *
	 * @param Query     $query The query.
	 * @param DateRange $range The range.
	 */
	private function answer( Query $query, DateRange $range ): Result {
		$groups = array();
		$all    = array();
		foreach ( $this->sessions as $s ) {
			if ( $s['date'] < $range->start_ymd() || $s['date'] > $range->end_ymd() ) {
				continue;
			}
			$dims = array( 'date' => $s['date'] ) + $s['dimensions'];
			foreach ( $query->filters as $filter ) {
				if ( ! $filter->matches( (string) ( $dims[ $filter->dimension ] ?? '' ) ) ) {
					continue 2;
				}
			}
			$key = array();
			foreach ( $query->dimensions as $d ) {
				$key[ $d ] = (string) ( $dims[ $d ] ?? '' );
			}
			$groups[ (string) wp_json_encode( $key ) ]['dimensions'] = $key;
			$groups[ (string) wp_json_encode( $key ) ]['sessions'][] = $s;
			$all[] = $s;
		}
		$rows = array();
		foreach ( $groups as $group ) {
			$rows[] = array(
				'dimensions' => $group['dimensions'],
				'metrics'    => $this->metrics( $query->metrics, $group['sessions'] ),
			);
		}
		foreach ( array_reverse( $query->order_by ) as $order ) {
			usort(
				$rows,
				static function ( $a, $b ) use ( $order ) {
					$x = $a['metrics'][ $order['field'] ] ?? $a['dimensions'][ $order['field'] ] ?? 0;
					$y = $b['metrics'][ $order['field'] ] ?? $b['dimensions'][ $order['field'] ] ?? 0;
					return $order['desc'] ? $y <=> $x : $x <=> $y;
				}
			);
		}
		if ( $query->limit > 0 ) {
			$rows = array_slice( $rows, 0, $query->limit );
		}
		return new Result( $rows, $this->metrics( $query->metrics, $all ) );
	}

	/**
	 * Metrics of a set of sessions.
	 *
	 * @param string[]                         $metrics  Metric names.
	 * @param array<int, array<string, mixed>> $sessions Sessions.
	 * @return array<string, int|float>
	 */
	private function metrics( array $metrics, array $sessions ): array {
		$count    = count( $sessions );
		$views    = array_sum( array_column( $sessions, 'pageviews' ) );
		$users    = count( array_unique( array_column( $sessions, 'visitor' ) ) );
		$engaged  = count( array_filter( array_column( $sessions, 'engaged' ) ) );
		$new      = count( array_unique( array_column( array_filter( $sessions, static fn( $s ) => 'new' === $s['dimensions']['newVsReturning'] ), 'visitor' ) ) );
		$duration = array_sum( array_column( $sessions, 'duration' ) );
		$all      = array(
			Metric::SESSIONS                   => $count,
			Metric::SCREEN_PAGE_VIEWS          => $views,
			Metric::TOTAL_USERS                => $users,
			Metric::NEW_USERS                  => $new,
			Metric::ENGAGED_SESSIONS           => $engaged,
			Metric::BOUNCE_RATE                => $count ? round( ( $count - $engaged ) / $count * 100, 2 ) : 0,
			Metric::ENGAGEMENT_RATE            => $count ? round( $engaged / $count * 100, 2 ) : 0,
			Metric::AVERAGE_SESSION_DURATION   => $count ? round( $duration / $count, 2 ) : 0,
			Metric::SCREEN_PAGE_VIEWS_PER_USER => $users ? round( $views / $users, 2 ) : 0,
			Metric::SESSIONS_PER_USER          => $users ? round( $count / $users, 2 ) : 0,
			Metric::TOTAL_REVENUE              => 0,
			Metric::AVERAGE_REVENUE_PER_USER   => 0,
			Metric::ECOMMERCE_PURCHASES        => 0,
		);
		return array_intersect_key( $all, array_flip( $metrics ) );
	}
}
