<?php
/**
 * The collector's figures: Collector::handle() in process and collect.php over HTTP, each against
 * a core REST GET timed beside it, the cost of the lazily loaded scripts' hits, a burst, and the
 * aggregation of what the collector wrote.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\BotList;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Times the collector, in process and over HTTP, and checks that a burst loses no hit.
 *
 * @phpstan-import-type Request from Traffic
 */
final class Collecting {

	/**
	 * Blocks the in-process and HTTP measures alternate in.
	 */
	private const BLOCKS = 10;

	/**
	 * The collector's measures.
	 *
	 * @param Report  $report  Where the figures go.
	 * @param Scratch $scratch The run's temporary folder (the buffers).
	 */
	public function __construct( private Report $report, private Scratch $scratch ) {
	}

	/**
	 * The collector in process, and a core REST GET dispatched in process. The two alternate in
	 * blocks, so a busy moment of the machine weighs on both.
	 *
	 * @param array<int, Request> $requests Requests.
	 * @throws \RuntimeException When a request is not written, or the GET fails.
	 */
	public function collector( array $requests ): void {
		$collector = new Collector( ConfigFile::build(), new Buffer( $this->scratch->dir( 'collector' ) ) );
		$prepared  = array();
		foreach ( $requests as $request ) {
			$prepared[] = array( $request['server'], (string) wp_json_encode( $request['body'] ) );
		}
		$route = '/wp/v2/types/post';
		$get   = static function () use ( $route ): void {
			$response = rest_do_request( new \WP_REST_Request( 'GET', $route ) );
			if ( 200 !== $response->get_status() ) {
				throw new \RuntimeException( 'GET ' . esc_html( $route ) . ' answered ' . (int) $response->get_status() );
			}
		};
		for ( $i = 0; $i < 20; $i++ ) {
			$get();
		}

		$hit_time = 0;
		$get_time = 0;
		$gets     = 0;
		foreach ( array_chunk( $prepared, (int) ceil( count( $prepared ) / self::BLOCKS ) ) as $block ) {
			$start = hrtime( true );
			foreach ( $block as $request ) {
				if ( Collector::STATUS_OK !== $collector->handle( $request[0], $request[1], microtime( true ) ) || '' !== $collector->reason() ) {
					throw new \RuntimeException( 'the collector did not write a hit: ' . esc_html( $collector->reason() ) );
				}
			}
			$hit_time += hrtime( true ) - $start;
			$start     = hrtime( true );
			for ( $i = 0; $i < 100; $i++ ) {
				$get();
			}
			$get_time += hrtime( true ) - $start;
			$gets     += 100;
		}
		$per_hit = $hit_time / 1e3 / count( $prepared );
		$per_get = $get_time / 1e3 / $gets;

		// The bot test alone, without its memory of the last user agents: pre-filter, then the
		// whole isbot pattern when a gate opens.
		$bots   = new BotList( ConfigFile::build()->crawlers );
		$agents = array_column( array_column( $requests, 'server' ), 'HTTP_USER_AGENT' );
		$start  = hrtime( true );
		foreach ( $agents as $agent ) {
			$bots->matches( $agent );
		}
		$per_bot = ( hrtime( true ) - $start ) / 1e3 / max( 1, count( $agents ) );

		$this->report->row( 'collector_rate', sprintf( 'collector, in process (Collector::handle, %s hits)', number_format( count( $prepared ) ) ), 1e6 / $per_hit, 'hits/s' );
		$this->report->row( 'collector_cost', 'collector, cost per hit', $per_hit, 'µs' );
		$this->report->row( 'rest_get', 'core REST GET ' . $route . ', in process', $per_get, 'µs' );
		$this->report->row( 'collector_ratio', 'collector hit ÷ core REST GET, in process', $per_hit / $per_get, '×' );
		$this->report->row( 'bot_check', 'bot check (isbot pre-filter + pattern), per hit', $per_bot, 'µs' );
		$this->script_hits( $requests );
	}

	/**
	 * What the hits of the lazily loaded scripts cost the collector, next to a page view's:
	 * build/events.js's form impression and conversion (a form plugin's success hook sends the same
	 * conversion through Collector::handle()), video start, progress and completion, and
	 * build/vitals.js's web_vitals event. Each kind is sent by the same visitors (the busy day's
	 * page views: their addresses, user agents and pages) into a buffer of its own, the kinds
	 * alternating in rounds so a busy moment weighs on all of them; the median round counts.
	 *
	 * @param array<int, Request> $requests Requests.
	 * @throws \RuntimeException When a hit is not written.
	 */
	private function script_hits( array $requests ): void {
		$views  = array_slice(
			array_values( array_filter( $requests, static fn( array $request ): bool => 'pageview' === ( $request['body']['t'] ?? '' ) ) ),
			0,
			1000
		);
		$kinds  = array(
			'pageview'        => null,
			'form_impression' => array( 'form' => 'wpforms-12' ),
			'form_conversion' => array( 'form' => 'wpforms-12' ),
			'video_start'     => array( 'title' => 'Product tour' ),
			'video_progress'  => array(
				'title'   => 'Product tour',
				'seconds' => 42,
				'percent' => 70,
			),
			'video_complete'  => array( 'title' => 'Product tour' ),
			'web_vitals'      => array(
				'lcp'  => 2140,
				'fcp'  => 910,
				'ttfb' => 320,
				'inp'  => 180,
				'cls'  => 0.04,
			),
		);
		$bodies = array();
		foreach ( $kinds as $kind => $props ) {
			foreach ( $views as $view ) {
				$body              = null === $props ? $view['body'] : array(
					't'  => 'event',
					'p'  => $view['body']['p'],
					'o'  => $view['body']['o'] ?? 0,
					'en' => $kind,
					'ep' => $props,
				);
				$bodies[ $kind ][] = array( $view['server'], (string) wp_json_encode( $body ) );
			}
		}
		$times = array();
		for ( $round = 0; $round < 5; $round++ ) {
			foreach ( $bodies as $kind => $hits ) {
				// A buffer and a rate limit of its own for each round and kind: every visitor sends
				// one hit of the kind per page view, as they would.
				$collector = new Collector( ConfigFile::build(), new Buffer( $this->scratch->dir( 'script-hits-' . $round . '-' . $kind ) ) );
				$start     = hrtime( true );
				foreach ( $hits as $hit ) {
					if ( Collector::STATUS_OK !== $collector->handle( $hit[0], $hit[1], microtime( true ) ) || '' !== $collector->reason() ) {
						throw new \RuntimeException( 'the collector did not write a ' . esc_html( $kind ) . ' hit: ' . esc_html( $collector->reason() ) );
					}
				}
				$times[ $kind ][] = ( hrtime( true ) - $start ) / 1e3 / max( 1, count( $hits ) );
			}
		}
		$names = array(
			'pageview'        => 'page view (build/tracker.js)',
			'form_impression' => 'form impression (build/events.js)',
			'form_conversion' => 'form conversion (build/events.js, form plugins\' success hooks)',
			'video_start'     => 'video start (build/events.js)',
			'video_progress'  => 'video progress (build/events.js)',
			'video_complete'  => 'video complete (build/events.js)',
			'web_vitals'      => 'web_vitals (build/vitals.js)',
		);
		$view  = Machine::median( $times['pageview'] );
		foreach ( $names as $kind => $name ) {
			$cost = Machine::median( $times[ $kind ] );
			$this->report->row( 'script_hit_' . $kind, sprintf( 'collector, cost per %s hit (%s hits)', $name, number_format( count( $views ) ) ), $cost, 'µs' );
			if ( 'pageview' !== $kind ) {
				$this->report->row( 'script_hit_' . $kind . '_ratio', sprintf( 'collector: %s hit ÷ page view hit', $kind ), $cost / $view, '×' );
			}
		}
	}

	/**
	 * The collector's endpoint (collect.php) over HTTP, and a core REST GET over HTTP, each behind its own `php -S`, one
	 * client, one request at a time, alternating in blocks.
	 *
	 * @param array<int, Request> $requests Requests.
	 * @throws \RuntimeException When a request fails.
	 */
	public function over_http( array $requests ): void {
		$buffer    = new Buffer( DataDir::path() );
		$path      = '/' . basename( WP_CONTENT_DIR ) . '/plugins/monsterinsights-reports/collect.php';
		$route     = '/?rest_route=/wp/v2/types/post';
		$collect   = new Server( array( '-t', dirname( WP_CONTENT_DIR ) ) );
		$wordpress = new Server( array( __DIR__ . '/wordpress.php' ) );
		$send      = static function ( array $request ) use ( $collect, $path ): void {
			$headers = array(
				'User-Agent'      => $request['server']['HTTP_USER_AGENT'],
				'Content-Type'    => 'text/plain;charset=UTF-8',
				'Sec-Fetch-Mode'  => 'no-cors',
				'CF-IPCountry'    => $request['server']['HTTP_CF_IPCOUNTRY'],
				'X-Forwarded-For' => $request['server']['REMOTE_ADDR'],
			);
			$status  = $collect->request( 'POST', $path, (string) wp_json_encode( $request['body'] ), $headers )['status'];
			if ( 204 !== $status ) {
				throw new \RuntimeException( 'collect.php answered ' . (int) $status );
			}
		};
		$get       = static function () use ( $wordpress, $route ): void {
			$response = $wordpress->request( 'GET', $route );
			if ( 200 !== $response['status'] || ! str_contains( $response['body'], '"slug":"post"' ) ) {
				throw new \RuntimeException( 'GET ' . esc_html( $route ) . ' answered ' . (int) $response['status'] . ': ' . esc_html( substr( $response['body'], 0, 300 ) ) );
			}
		};
		try {
			for ( $i = 0; $i < 20; $i++ ) {
				$send( $requests[ $i ] );
				$get();
			}
			$before       = Machine::lines( $buffer->path() );
			$collect_time = 0;
			$get_time     = 0;
			$gets         = 0;
			foreach ( array_chunk( $requests, (int) ceil( count( $requests ) / self::BLOCKS ) ) as $block ) {
				$start = hrtime( true );
				foreach ( $block as $request ) {
					$send( $request );
				}
				$collect_time += hrtime( true ) - $start;
				$start         = hrtime( true );
				for ( $i = 0; $i < 20; $i++ ) {
					$get();
				}
				$get_time += hrtime( true ) - $start;
				$gets     += 20;
			}
			$written = Machine::lines( $buffer->path() ) - $before;
			if ( count( $requests ) !== $written ) {
				throw new \RuntimeException( sprintf( 'collect.php wrote %d lines for %d requests', (int) $written, count( $requests ) ) );
			}
		} finally {
			$collect->stop();
			$wordpress->stop();
		}
		// What collect.php wrote belongs to the site like any hit: aggregate it (not timed).
		Aggregator::for_current_site()->run();

		$per_hit = $collect_time / 1e9 / count( $requests );
		$per_get = $get_time / 1e9 / $gets;
		$this->report->row( 'http_collect_rate', sprintf( 'collect.php over HTTP (%s hits, one client)', number_format( count( $requests ) ) ), 1 / $per_hit, 'hits/s' );
		$this->report->row( 'http_collect', 'collect.php round trip', $per_hit * 1000, 'ms' );
		$this->report->row( 'http_get', 'core REST GET /wp/v2/types/post round trip', $per_get * 1000, 'ms' );
		$this->report->row( 'http_collect_ratio', 'collect.php ÷ core REST GET, HTTP', $per_hit / $per_get, '×' );
	}

	/**
	 * A burst: $hits hits of one busy day through the collector in process, as fast as it takes
	 * them, into a buffer of their own, then aggregated. Every good hit (answered 204 with no drop
	 * reason) must be in the buffer and then in the tables: the rate limit must not drop a visitor
	 * who is not over it, the buffer's lock must not lose a line.
	 *
	 * @param array<int, array{path: string, object: int}> $pages Pages visits go to.
	 * @param int                                          $hits  Hits of the burst.
	 */
	public function burst( array $pages, int $hits ): void {
		$traffic   = new Traffic( 13, $pages, home_url( '/wp-content/uploads/guide.pdf' ) );
		$day       = new \DateTimeImmutable( 'today', wp_timezone() );
		$requests  = array_slice( $traffic->day( $day, (int) ceil( $hits / 2 ) ), 0, $hits );
		$buffer    = new Buffer( $this->scratch->dir( 'burst' ) );
		$collector = new Collector( ConfigFile::build(), $buffer );
		$good      = 0;
		$start     = hrtime( true );
		foreach ( $requests as $request ) {
			$status = $collector->handle( $request['server'], (string) wp_json_encode( $request['body'] ), microtime( true ) );
			if ( Collector::STATUS_OK === $status && '' === $collector->reason() ) {
				++$good;
			}
		}
		$seconds  = ( hrtime( true ) - $start ) / 1e9;
		$text     = is_file( $buffer->path() ) ? (string) file_get_contents( $buffer->path() ) : '';
		$buffered = substr_count( $text, "\n{" ) + ( str_starts_with( $text, '{' ) ? 1 : 0 );
		$before   = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) + (int) Db::value( 'SELECT COUNT(*) FROM {events}' );
		$result   = ( new Aggregator( new BufferFiles( $buffer ) ) )->run();
		$stored   = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ) + (int) Db::value( 'SELECT COUNT(*) FROM {events}' ) - $before;
		$this->report->row( 'burst_sent', sprintf( 'burst: hits sent in %.1f s (%s good)', $seconds, number_format( $good ) ), count( $requests ), 'hits' );
		$this->report->row( 'burst_buffered', 'burst: hit lines in the buffer', $buffered, 'lines' );
		$this->report->row( 'burst_stored', sprintf( 'burst: page views and events aggregated (%s processed)', number_format( $result->processed ) ), $stored, 'hits' );
		$this->report->row( 'burst_lost', 'burst: good hits lost (good − stored)', $good - $stored, 'hits' );
	}

	/**
	 * Aggregation of what the in-process collector wrote (today's hits), into the tables the fill
	 * filled.
	 */
	public function aggregation(): void {
		$aggregator = new Aggregator( new BufferFiles( new Buffer( $this->scratch->dir( 'collector' ) ) ) );
		$start      = hrtime( true );
		$result     = $aggregator->run();
		$seconds    = ( hrtime( true ) - $start ) / 1e9;
		$this->report->row( 'aggregation_rate', sprintf( 'aggregation of the collector buffer (%s hits)', number_format( $result->processed ) ), $result->processed / $seconds, 'hits/s' );
	}
}
