<?php
/**
 * The bench's report latency: the REST routes of the reports and of Real-Time, uncached, against
 * core's GET /wp/v2/posts timed beside them.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Reports\Unavailable;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Times the report routes against a core REST route, and compares Real-Time's two ways of
 * answering.
 */
final class Latency {

	/**
	 * The latency measures.
	 *
	 * @param Report $report Where the figures go.
	 * @param int    $runs   Timed runs of each REST route (after one warm-up); the median counts.
	 * @param int    $days   Days of the fill, ending yesterday (the long range).
	 */
	public function __construct( private Report $report, private int $runs, private int $days ) {
	}

	/**
	 * The overview (last 30 days, last 365 days) and site_summary routes against core's
	 * GET /wp/v2/posts, as the administrator, with the report cache and the object cache empty
	 * before every request (as for a request of its own without a persistent object cache). One
	 * warm-up round, then $runs rounds of the four in turn; the median of each counts.
	 *
	 * @param int $fill_views Page views the fill generated inside its range.
	 * @throws \RuntimeException When a route does not answer 200.
	 */
	public function reports( int $fill_views ): void {
		wp_set_current_user( 1 );
		// The highest licence: custom ranges (the 365-day range; lite is held to the last 30 days)
		// and every built report, Exceptions (agency) included.
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		$today  = new \DateTimeImmutable( 'today', wp_timezone() );
		$year   = array(
			'start' => $today->modify( '-' . $this->days . ' days' )->format( 'Y-m-d' ),
			'end'   => $today->modify( '-1 day' )->format( 'Y-m-d' ),
		);
		$routes = array(
			'posts'        => array( '/wp/v2/posts', array() ),
			'overview_30'  => array( '/monsterinsights-reports/v1/reports/overview', array() ),
			'overview_365' => array( '/monsterinsights-reports/v1/reports/overview', $year ),
			'summary'      => array( '/monsterinsights-reports/v1/reports/site_summary', array() ),
			'summary_365'  => array( '/monsterinsights-reports/v1/reports/site_summary', $year ),
		);
		// Every other report the registry builds, over both ranges, but those the built-in source
		// cannot answer at all (the Search Console report: its route says so, 400
		// no_search_console), which are named instead.
		$others = array();
		$source = new BuiltinSource();
		foreach ( array_diff( Registry::built(), array( 'overview', 'site_summary' ) ) as $name ) {
			$class  = Registry::REPORTS[ $name ]['class'];
			$report = new $class();
			$reason = $report instanceof Unavailable ? $report->unavailable( $source ) : null;
			if ( null === $reason ) {
				$others[] = $name;
				continue;
			}
			Report::say( sprintf( '%s: not timed, the built-in source cannot answer it (%s)', $name, $reason->get_error_code() ) );
		}
		foreach ( $others as $name ) {
			$routes[ $name . '_30' ]  = array( '/monsterinsights-reports/v1/reports/' . $name, array() );
			$routes[ $name . '_365' ] = array( '/monsterinsights-reports/v1/reports/' . $name, $year );
		}
		$times = array_fill_keys( array_keys( $routes ), array() );
		$data  = array();
		for ( $run = 0; $run <= $this->runs; $run++ ) {
			foreach ( $routes as $key => list( $route, $params ) ) {
				BuiltinSource::bump_data_version();
				wp_cache_flush();
				$request = new \WP_REST_Request( 'GET', $route );
				$request->set_query_params( $params );
				$start    = hrtime( true );
				$response = rest_do_request( $request );
				$elapsed  = ( hrtime( true ) - $start ) / 1e6;
				if ( 200 !== $response->get_status() ) {
					throw new \RuntimeException( esc_html( $route ) . ' answered ' . (int) $response->get_status() . ': ' . esc_html( (string) wp_json_encode( $response->get_data() ) ) );
				}
				if ( $run > 0 ) {
					$times[ $key ][] = $elapsed;
				}
				$data[ $key ] = $response->get_data();
			}
		}
		$ms = array_map( array( Machine::class, 'median' ), $times );

		$this->report->row( 'posts', 'core GET /wp/v2/posts (10 posts), in process', $ms['posts'], 'ms' );
		$this->report->row( 'overview_30', 'overview, last 30 days', $ms['overview_30'], 'ms' );
		$this->report->row( 'overview_30_ratio', 'overview 30 days ÷ /wp/v2/posts', $ms['overview_30'] / $ms['posts'], '×' );
		$this->report->row( 'overview_365', sprintf( 'overview, last %d days', $this->days ), $ms['overview_365'], 'ms' );
		$this->report->row( 'overview_365_ratio', sprintf( 'overview %d days ÷ /wp/v2/posts', $this->days ), $ms['overview_365'] / $ms['posts'], '×' );
		$this->report->row( 'overview_365_views', sprintf( 'overview %d days: page views it reports', $this->days ), (int) ( $data['overview_365']['infobox']['pageviews']['value'] ?? 0 ), 'page views', array( 'eq', $fill_views ) );
		$this->report->row( 'summary', 'site_summary, last 30 days', $ms['summary'], 'ms' );
		$this->report->row( 'summary_ratio', 'site_summary ÷ /wp/v2/posts', $ms['summary'] / $ms['posts'], '×' );
		$this->report->row( 'summary_365', sprintf( 'site_summary, last %d days', $this->days ), $ms['summary_365'], 'ms' );
		$this->report->row( 'summary_365_ratio', sprintf( 'site_summary %d days ÷ /wp/v2/posts', $this->days ), $ms['summary_365'] / $ms['posts'], '×' );
		$since = time() - HOUR_IN_SECONDS;
		$this->report->row( 'realtime_hits', 'realtime: hits (page views and events) in the last hour, burst included', (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE ts > %d', array( $since ) ) + (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE ts > %d', array( $since ) ), 'hits' );
		foreach ( $others as $name ) {
			$this->report->row( $name . '_30_ratio', $name . ', last 30 days ÷ /wp/v2/posts', $ms[ $name . '_30' ] / $ms['posts'], '×', array( 'max', 1 ) );
			$this->report->row( $name . '_365_ratio', sprintf( '%s, last %d days ÷ /wp/v2/posts', $name, $this->days ), $ms[ $name . '_365' ] / $ms['posts'], '×', array( 'max', 1 ) );
		}
	}

	/**
	 * The Real-Time route against core's GET /wp/v2/posts, alternating (one warm-up round, then
	 * $runs rounds; the medians count), with how many hits the last hour it reads holds: its cost
	 * follows them, not the fill. The report is never cached; the object cache is emptied before
	 * every request.
	 *
	 * @param string $key  The figure's key.
	 * @param string $when When it is timed.
	 * @throws \RuntimeException When a route does not answer 200.
	 */
	public function realtime( string $key, string $when ): void {
		wp_set_current_user( 1 );
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		$times = array(
			'posts'        => array(),
			'realtime'     => array(),
			'realtime_raw' => array(),
		);
		$raw   = static fn(): bool => false;
		for ( $run = 0; $run <= $this->runs; $run++ ) {
			foreach ( array(
				'posts'        => '/wp/v2/posts',
				'realtime'     => '/monsterinsights-reports/v1/reports/realtime',
				'realtime_raw' => '/monsterinsights-reports/v1/reports/realtime',
			) as $name => $route ) {
				wp_cache_flush();
				if ( 'realtime_raw' === $name ) {
					add_filter( 'monsterinsights_reports_realtime_summaries', $raw );
				}
				$start    = hrtime( true );
				$response = rest_do_request( new \WP_REST_Request( 'GET', $route ) );
				$elapsed  = ( hrtime( true ) - $start ) / 1e6;
				remove_filter( 'monsterinsights_reports_realtime_summaries', $raw );
				if ( 200 !== $response->get_status() ) {
					throw new \RuntimeException( esc_html( $route ) . ' answered ' . (int) $response->get_status() );
				}
				if ( $run > 0 ) {
					$times[ $name ][] = $elapsed;
				}
			}
		}
		$since = time() - HOUR_IN_SECONDS;
		$hits  = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE ts > %d', array( $since ) ) + (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE ts > %d', array( $since ) );
		$this->report->row( $key . '_hits', sprintf( 'realtime %s: hits (page views and events) in the last hour', $when ), $hits, 'hits' );
		$this->report->row( $key, sprintf( 'realtime %s ÷ /wp/v2/posts (%.1f ms ÷ %.1f ms)', $when, Machine::median( $times['realtime'] ), Machine::median( $times['posts'] ) ), Machine::median( $times['realtime'] ) / Machine::median( $times['posts'] ), '×', array( 'max', 1 ) );
		$this->report->row( $key . '_raw', sprintf( 'realtime %s from the raw rows only ÷ /wp/v2/posts (%.1f ms)', $when, Machine::median( $times['realtime_raw'] ) ), Machine::median( $times['realtime_raw'] ) / Machine::median( $times['posts'] ), '×' );
		$this->realtime_same( $key . '_same', $when );
	}

	/**
	 * Whether Real-Time's payload from the per-minute summaries is the raw rows' payload, at one
	 * frozen now: the parts that differ.
	 *
	 * @param string $key  The figure's key.
	 * @param string $when When it is compared.
	 */
	private function realtime_same( string $key, string $when ): void {
		wp_set_current_user( 1 );
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		$now      = time();
		$frozen   = static fn(): int => $now;
		$raw      = static fn(): bool => false;
		$payloads = array();
		add_filter( 'monsterinsights_reports_now', $frozen );
		foreach ( array( 'summaries', 'raw' ) as $way ) {
			if ( 'raw' === $way ) {
				add_filter( 'monsterinsights_reports_realtime_summaries', $raw );
			}
			wp_cache_flush();
			$payloads[ $way ] = (array) rest_do_request( new \WP_REST_Request( 'GET', '/monsterinsights-reports/v1/reports/realtime' ) )->get_data();
			remove_filter( 'monsterinsights_reports_realtime_summaries', $raw );
		}
		remove_filter( 'monsterinsights_reports_now', $frozen );
		$differ = 0;
		foreach ( $payloads['raw'] as $part => $value ) {
			$differ += wp_json_encode( $value ) === wp_json_encode( $payloads['summaries'][ $part ] ?? null ) ? 0 : 1;
		}
		$this->report->row( $key, sprintf( 'realtime %s: payload parts that differ between the summaries and the raw rows (%d active now)', $when, (int) ( $payloads['raw']['now'] ?? 0 ) ), $differ, 'parts', array( 'eq', 0 ) );
	}
}
