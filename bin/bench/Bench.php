<?php
/**
 * The figures of the built-in analytics' bench, and their budgets.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\BotList;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\SourceList;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\UserAgentParser;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Runs in a WordPress loaded by tests/php/bootstrap.php on the bench's own database (a fresh install,
 * plugin active, tables migrated), and measures, in this order:
 *
 * 1. the collector in process: Collector::handle() as production builds it (ConfigFile::build(),
 *    a Buffer) on realistic requests, against a core REST GET dispatched in the same process;
 * 2. the same over HTTP: collect.php and a core REST GET, each behind `php -S` with opcache;
 * 3. aggregation of the collector's buffer into the empty tables;
 * 4. a fill of about a million page views over the past year, as buffer lines aggregated by the
 *    Aggregator (see Lines for why the lines do not go through the collector one by one);
 * 5. storage: the site's mir_ tables (after ANALYZE TABLE) per session, right after the fill (the
 *    budget) and again after the burst (for the record);
 * 6. the overview and site_summary REST routes against core's GET /wp/v2/posts, uncached.
 *
 * Budgets are below; a figure over its budget fails the run.
 *
 * @phpstan-import-type Request from Traffic
 */
final class Bench {

	/**
	 * Budgets: [ 'min' | 'max', limit ] by figure key. Ratios are relative to a core REST request
	 * timed in the same run, so they hold on a slower or faster machine.
	 */
	public const BUDGETS = array(
		'collector_rate'     => array( 'min', 2000 ),
		'collector_ratio'    => array( 'max', 1 ),
		'bot_check'          => array( 'max', 20 ),
		'http_collect_ratio' => array( 'max', 0.05 ),
		'burst_lost'         => array( 'max', 0 ),
		'aggregation_rate'   => array( 'min', 1000 ),
		'fill_rate'          => array( 'min', 30000 ),
		'storage'            => array( 'max', 100 ),
		'overview_30_ratio'  => array( 'max', 1 ),
		'overview_365_ratio' => array( 'max', 1 ),
		'summary_ratio'      => array( 'max', 1 ),
		'summary_365_ratio'  => array( 'max', 1 ),
		'build_data'         => array( 'max', 0 ),
	);

	/**
	 * The page views of the default fill, which the storage budget is for.
	 */
	public const FULL_FILL = 1000000;

	/**
	 * Blocks the in-process and HTTP measures alternate in.
	 */
	private const BLOCKS = 10;

	/**
	 * Rows of the table: figure, value, unit, budget, ok.
	 *
	 * @var array<int, array{key: string, figure: string, value: float|int, unit: string, budget: string, ok: bool}>
	 */
	private array $rows = array();

	/**
	 * Page views the fill generated inside its range (the 365-day overview must report exactly these).
	 *
	 * @var int
	 */
	private int $fill_views = 0;

	/**
	 * The run's temporary folder.
	 *
	 * @var string
	 */
	private string $tmp = '';

	/**
	 * Size and time of each build/data file when the run started.
	 *
	 * @var array<string, string>
	 */
	private array $build_data = array();

	/**
	 * Pages visits go to.
	 *
	 * @var array<int, array{path: string, object: int}>
	 */
	private array $pages = array();

	/**
	 * A bench.
	 *
	 * @param int    $pageviews Page views of the fill.
	 * @param int    $days      Days of the fill, ending yesterday.
	 * @param int    $hits      Requests the collector handles in process.
	 * @param int    $http      Requests collect.php answers over HTTP.
	 * @param int    $runs      Timed runs of each REST route (after one warm-up); the median counts.
	 * @param string $json      A file to write the rows to as JSON ('' for none).
	 * @param float  $started   When the script started (microtime), for the wall time.
	 * @param int    $burst     Hits of the burst phase (0: none).
	 */
	public function __construct( private int $pageviews, private int $days, private int $hits, private int $http, private int $runs, private string $json, private float $started, private int $burst = 100000 ) {
	}

	/**
	 * Runs every measure, prints the table (unless the rows go to a JSON file).
	 *
	 * @return int The exit status: 1 when a figure is over budget.
	 */
	public function run(): int {
		$this->tmp = sys_get_temp_dir() . '/monsterinsights-reports-bench-' . getmypid();
		$this->row( 'load_start', 'load average of the machine (1 min), at the start', self::load(), '' );
		wp_mkdir_p( $this->tmp );
		try {
			$this->pin_build_data();
			$this->site();
			// The past year first (an import of history: nothing of today may be aggregated before it,
			// and WP-Cron on the HTTP phase's WordPress aggregates what collect.php receives).
			$this->fill();
			// Storage as the fill leaves it: a year of a site's traffic, the last two hours of it in
			// Real-Time's summaries as any site has them.
			$this->storage( true );
			$requests = $this->requests();
			$this->collector( $requests );
			$this->over_http( array_slice( $requests, 0, $this->http ) );
			$this->row( 'build_data', 'build/data files changed before collect.php was timed (a concurrent build?)', count( array_diff_assoc( $this->build_data, self::build_data() ) ), 'files' );
			$this->aggregation();
			// Real-Time at the hour the collector phases leave (the burst then adds 100,000 hits).
			$this->realtime( 'realtime_before_burst', 'before the burst' );
			if ( $this->burst > 0 ) {
				$this->burst();
			}
			$this->storage( false );
			if ( $this->burst > 0 ) {
				$this->realtime( 'realtime_burst', 'with the burst' );
			}
			$this->latency();
		} finally {
			self::remove( $this->tmp );
		}

		$this->row( 'load_end', 'load average of the machine (1 min), at the end', self::load(), '' );
		$this->row( 'wall_time', 'bench.php, wall time (install included)', microtime( true ) - $this->started, 's' );
		$failed = array_filter( $this->rows, static fn( array $row ): bool => ! $row['ok'] );
		if ( '' !== $this->json ) {
			file_put_contents( $this->json, wp_json_encode( $this->rows, JSON_PRETTY_PRINT ) );
		} else {
			$this->table();
		}
		return array() === $failed ? 0 : 1;
	}

	/**
	 * Loads the lists of build/data (bots, user agents, referrer sources) into this process, where
	 * each is kept once read, after checking they are complete: a build running meanwhile empties
	 * build/, and the collector would fall back to its short bot pattern, the aggregator to no
	 * user-agent parsing, without a word. collect.php reads the bot list on every request, so the
	 * files are compared again once it was timed (the `build_data` figure); later phases use the
	 * lists read here.
	 *
	 * @throws \RuntimeException When a list is missing or incomplete.
	 */
	private function pin_build_data(): void {
		$this->build_data = self::build_data();
		foreach ( array( 'bots.php', 'uap-regexes.json', 'sources.json' ) as $name ) {
			if ( '' === ( $this->build_data[ $name ] ?? '' ) ) {
				throw new \RuntimeException( 'build/data/' . esc_html( $name ) . ' is missing: run "npm run build"' );
			}
		}
		// Only the full list knows this one; the fallback pattern does not.
		if ( ! ( new BotList( ConfigFile::build()->crawlers ) )->is_bot( 'Mediapartners-Google' ) ) {
			throw new \RuntimeException( 'the bot list did not load' );
		}
		if ( 'Chrome' !== UserAgentParser::parse( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36' )['browser'] || '' === SourceList::category_of_host( 'www.google.com' ) ) {
			throw new \RuntimeException( 'the user-agent or source lists did not load' );
		}
	}

	/**
	 * Size and modification time of each file of build/data.
	 *
	 * @return array<string, string>
	 */
	private static function build_data(): array {
		$files = array();
		foreach ( (array) glob( MONSTERINSIGHTS_REPORTS_DIR . 'build/data/*.{json,php}', GLOB_BRACE ) as $file ) {
			clearstatcache( true, (string) $file );
			$files[ basename( (string) $file ) ] = filesize( (string) $file ) . '@' . filemtime( (string) $file );
		}
		return $files;
	}

	/**
	 * The site: the built-in source active, pretty permalinks, 60 posts and 8 pages to visit, the
	 * country from a CDN header, the collector's config file written.
	 *
	 * @throws \RuntimeException When the site cannot be set up.
	 */
	private function site(): void {
		global $wp_rewrite;
		if ( Tables::installed_version() !== Tables::VERSION ) {
			throw new \RuntimeException( 'the plugin did not migrate its tables' );
		}
		$wp_rewrite->set_permalink_structure( '/%postname%/' );
		wp_set_current_user( 1 );
		$paragraph = str_repeat( 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ', 8 );
		for ( $i = 1; $i <= 68; $i++ ) {
			$page = $i > 60;
			wp_insert_post(
				array(
					'post_type'    => $page ? 'page' : 'post',
					'post_status'  => 'publish',
					'post_title'   => ( $page ? 'Page ' : 'Post ' ) . $i,
					'post_content' => str_repeat( '<!-- wp:paragraph --><p>' . $paragraph . "</p><!-- /wp:paragraph -->\n", 5 ),
					'post_date'    => gmdate( 'Y-m-d H:i:s', time() - ( 70 - $i ) * DAY_IN_SECONDS ),
				)
			);
		}
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		// Behind a trusted proxy, so the HTTP requests carry each visitor's address (X-Forwarded-For)
		// and the collector's per-visitor rate limit sees visitors, not the bench's one client.
		update_option(
			Settings::OPTION,
			array(
				'country_header' => Traffic::COUNTRY_HEADER,
				'trusted_proxy'  => true,
			)
		);
		if ( ! ConfigFile::write() ) {
			throw new \RuntimeException( 'cannot write the collector config' );
		}
		$this->pages = array();
		foreach ( get_posts(
			array(
				'post_type'      => array( 'post', 'page' ),
				'posts_per_page' => -1,
				'orderby'        => 'ID',
				'order'          => 'ASC',
			)
		) as $post ) {
			$this->pages[] = array(
				'path'   => (string) wp_parse_url( (string) get_permalink( $post ), PHP_URL_PATH ),
				'object' => $post->ID,
			);
		}
		array_unshift(
			$this->pages,
			array(
				'path'   => '/',
				'object' => 0,
			),
			array(
				'path'   => '/?s=analytics',
				'object' => 0,
			)
		);
		self::say( sprintf( 'site: WordPress %s, PHP %s, MariaDB %s, %d pages to visit', get_bloginfo( 'version' ), PHP_VERSION, $GLOBALS['wpdb']->db_server_info(), count( $this->pages ) ) );
	}

	/**
	 * Requests for the collector: a busy day's visits.
	 *
	 * @return array<int, Request>
	 */
	private function requests(): array {
		$traffic = new Traffic( 7, $this->pages, home_url( '/wp-content/uploads/guide.pdf' ) );
		$day     = new \DateTimeImmutable( 'today', wp_timezone() );
		return array_slice( $traffic->day( $day, (int) ceil( $this->hits / 3 ) ), 0, $this->hits );
	}

	/**
	 * The collector in process, and a core REST GET dispatched in process. The two alternate in
	 * blocks, so a busy moment of the machine weighs on both.
	 *
	 * @param array<int, Request> $requests Requests.
	 * @throws \RuntimeException When a request is not written, or the GET fails.
	 */
	private function collector( array $requests ): void {
		$collector = new Collector( ConfigFile::build(), new Buffer( $this->dir( 'collector' ) ) );
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

		$this->row( 'collector_rate', sprintf( 'collector, in process (Collector::handle, %s hits)', number_format( count( $prepared ) ) ), 1e6 / $per_hit, 'hits/s' );
		$this->row( 'collector_cost', 'collector, cost per hit', $per_hit, 'µs' );
		$this->row( 'rest_get', 'core REST GET ' . $route . ', in process', $per_get, 'µs' );
		$this->row( 'collector_ratio', 'collector hit ÷ core REST GET, in process', $per_hit / $per_get, '×' );
		$this->row( 'bot_check', 'bot check (isbot pre-filter + pattern), per hit', $per_bot, 'µs' );
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
				$collector = new Collector( ConfigFile::build(), new Buffer( $this->dir( 'script-hits-' . $round . '-' . $kind ) ) );
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
		$view  = self::median( $times['pageview'] );
		foreach ( $names as $kind => $name ) {
			$cost = self::median( $times[ $kind ] );
			$this->row( 'script_hit_' . $kind, sprintf( 'collector, cost per %s hit (%s hits)', $name, number_format( count( $views ) ) ), $cost, 'µs' );
			if ( 'pageview' !== $kind ) {
				$this->row( 'script_hit_' . $kind . '_ratio', sprintf( 'collector: %s hit ÷ page view hit', $kind ), $cost / $view, '×' );
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
	private function over_http( array $requests ): void {
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
			$before       = self::lines( $buffer->path() );
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
			$written = self::lines( $buffer->path() ) - $before;
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
		$this->row( 'http_collect_rate', sprintf( 'collect.php over HTTP (%s hits, one client)', number_format( count( $requests ) ) ), 1 / $per_hit, 'hits/s' );
		$this->row( 'http_collect', 'collect.php round trip', $per_hit * 1000, 'ms' );
		$this->row( 'http_get', 'core REST GET /wp/v2/types/post round trip', $per_get * 1000, 'ms' );
		$this->row( 'http_collect_ratio', 'collect.php ÷ core REST GET, HTTP', $per_hit / $per_get, '×' );
	}

	/**
	 * A burst: $burst hits of one busy day through the collector in process, as fast as it takes
	 * them, into a buffer of their own, then aggregated. Every good hit (answered 204 with no drop
	 * reason) must be in the buffer and then in the tables: the rate limit must not drop a visitor
	 * who is not over it, the buffer's lock must not lose a line.
	 */
	private function burst(): void {
		$traffic   = new Traffic( 13, $this->pages, home_url( '/wp-content/uploads/guide.pdf' ) );
		$day       = new \DateTimeImmutable( 'today', wp_timezone() );
		$requests  = array_slice( $traffic->day( $day, (int) ceil( $this->burst / 2 ) ), 0, $this->burst );
		$buffer    = new Buffer( $this->dir( 'burst' ) );
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
		$this->row( 'burst_sent', sprintf( 'burst: hits sent in %.1f s (%s good)', $seconds, number_format( $good ) ), count( $requests ), 'hits' );
		$this->row( 'burst_buffered', 'burst: hit lines in the buffer', $buffered, 'lines' );
		$this->row( 'burst_stored', sprintf( 'burst: page views and events aggregated (%s processed)', number_format( $result->processed ) ), $stored, 'hits' );
		$this->row( 'burst_lost', 'burst: good hits lost (good − stored)', $good - $stored, 'hits' );
	}

	/**
	 * Aggregation of what the in-process collector wrote (today's hits), into the tables the fill
	 * filled.
	 */
	private function aggregation(): void {
		$aggregator = new Aggregator( new BufferFiles( new Buffer( $this->dir( 'collector' ) ) ) );
		$start      = hrtime( true );
		$result     = $aggregator->run();
		$seconds    = ( hrtime( true ) - $start ) / 1e9;
		$this->row( 'aggregation_rate', sprintf( 'aggregation of the collector buffer (%s hits)', number_format( $result->processed ) ), $result->processed / $seconds, 'hits/s' );
	}

	/**
	 * About $pageviews page views over the $days days before today: generated day by day as buffer
	 * lines (checked against the collector first), aggregated every 30 days by the Aggregator.
	 *
	 * @throws \RuntimeException When the lines do not match the collector's.
	 */
	private function fill(): void {
		$today    = new \DateTimeImmutable( 'today', wp_timezone() );
		$download = home_url( '/wp-content/uploads/guide.pdf' );
		$first    = $today->modify( '-' . $this->days . ' days' );

		$check   = new Buffer( $this->dir( 'check' ) );
		$problem = ( new Lines( new Collector( ConfigFile::build(), $check ) ) )->check(
			new Collector( ConfigFile::build(), $check ),
			$check,
			array_slice( ( new Traffic( 3, $this->pages, $download ) )->day( $first, 200 ), 0, 500 )
		);
		if ( '' !== $problem ) {
			throw new \RuntimeException( 'generated lines differ from the collector\'s: ' . esc_html( $problem ) );
		}

		// Visits per day: weekdays busier than weekends, a slow upward trend, some noise.
		$weights = array();
		mt_srand( 11 );
		for ( $back = $this->days; $back >= 1; $back-- ) {
			$day       = $today->modify( '-' . $back . ' days' );
			$weights[] = ( 1 + 0.4 * ( $this->days - $back ) / $this->days ) * ( (int) $day->format( 'N' ) >= 6 ? 0.7 : 1.0 ) * mt_rand( 80, 120 ) / 100;
		}
		$visits_total = $this->pageviews / Traffic::PAGEVIEWS_PER_VISIT;
		$sum          = array_sum( $weights );

		$traffic    = new Traffic( 5, $this->pages, $download );
		$lines      = new Lines( new Collector( ConfigFile::build(), new Buffer( $this->dir( 'unused' ) ) ) );
		$buffer     = new Buffer( $this->dir( 'fill' ) );
		$aggregator = new Aggregator( new BufferFiles( $buffer ) );
		$generate   = 0.0;
		$aggregate  = 0.0;
		$cpu_used   = array( 0.0, 0.0 );
		$hits       = 0;
		$processed  = 0;
		$handle     = null;
		$clock      = new LocalTime();
		$last_day   = $today->modify( '-1 day' )->format( 'Y-m-d' );
		$in_range   = 0;
		$spilled    = 0;
		$future     = 0;
		// Run within an hour after midnight, the fill's last visits would go on past the bench's
		// own clock: Real-Time would then see hits from the future (and its summaries, rightly,
		// refuse to answer for a window that ends before their latest hit). Such hits are not sent.
		$now = time();
		foreach ( $weights as $index => $weight ) {
			$start  = hrtime( true );
			$day    = $first->modify( '+' . $index . ' days' );
			$handle = $handle ?? fopen( $buffer->path(), 'ab' );
			$text   = '';
			foreach ( $traffic->day( $day, (int) round( $visits_total * $weight / $sum ) ) as $request ) {
				if ( (int) $request['ts'] > $now ) {
					++$future;
					continue;
				}
				$text .= $lines->line( $request );
				++$hits;
				if ( 'pageview' === $request['body']['t'] ) {
					// A visit that starts late on the last day may go on past midnight, into today.
					if ( $clock->day( (int) $request['ts'] ) <= $last_day ) {
						++$in_range;
					} else {
						++$spilled;
					}
				}
			}
			fwrite( $handle, $text );
			$generate += ( hrtime( true ) - $start ) / 1e9;
			if ( 0 === ( $index + 1 ) % 30 || count( $weights ) === $index + 1 ) {
				fclose( $handle );
				$handle = null;
				$start  = hrtime( true );
				$cpu    = self::cpu();
				do {
					$result     = $aggregator->run();
					$processed += $result->processed;
				} while ( ! $result->complete );
				$aggregate += ( hrtime( true ) - $start ) / 1e9;
				$cpu_used   = self::cpu_since( $cpu, $cpu_used );
				self::say( sprintf( 'fill: up to %s, %s hits, generated in %.0f s, aggregated in %.0f s', $day->format( 'Y-m-d' ), number_format( $processed ), $generate, $aggregate ) );
			}
		}
		// The daily maintenance: raw rows past the raw window are compacted (the aggregation runs
		// above compact a bounded amount each; this is what the daily cron event finishes).
		$start            = hrtime( true );
		$cpu              = self::cpu();
		$compacted        = Compaction::run( time() );
		$aggregate       += ( hrtime( true ) - $start ) / 1e9;
		$cpu_used         = self::cpu_since( $cpu, $cpu_used );
		$this->fill_views = $in_range;
		$pageviews        = (int) Db::value( 'SELECT SUM(pageviews) FROM {rollup_site} WHERE day BETWEEN %s AND %s', array( $first->format( 'Y-m-d' ), $last_day ) );
		$this->row( 'fill_generated', sprintf( 'fill: page views generated over the %d days', $this->days ), $in_range + $spilled, 'page views' );
		$this->row( 'fill_spilled', 'fill: of which after midnight of the last day (today, outside the range)', $spilled, 'page views' );
		$this->row( 'fill_future', 'fill: hits not sent, later than the bench\'s start (a run just after midnight)', $future, 'hits' );
		$this->row( 'fill_pageviews', sprintf( 'fill: page views in the rollups of the %d days', $this->days ), $pageviews, 'page views', array( 'eq', $in_range ) );
		$this->row( 'fill_compacted', sprintf( 'fill: raw rows older than %d days left to the daily compaction (each run compacts as it goes)', Compaction::days() ), array_sum( $compacted ), 'rows' );
		$this->row( 'fill_hits', 'fill: hits (page views and events) aggregated', $processed, 'hits' );
		$this->row( 'fill_time', sprintf( 'fill: time (generate %.0f s + aggregate %.0f s)', $generate, $aggregate ), $generate + $aggregate, 's' );
		$this->row( 'fill_rate', 'aggregation of the fill', $processed / $aggregate, 'hits/s' );
		if ( $cpu_used[1] > 0 ) {
			// What the aggregation costs, apart from what other processes take from the machine: the
			// CPU time of this process and of its MariaDB connection's thread. On an idle machine the
			// rate comes near hits ÷ (PHP + database) seconds; it is for the record, the budget is the rate.
			$this->row( 'fill_cpu', sprintf( 'fill: CPU time, PHP %.1f s + MariaDB connection %.1f s', $cpu_used[0], $cpu_used[1] ), $cpu_used[0] + $cpu_used[1], 's' );
			$this->row( 'fill_cpu_rate', 'aggregation of the fill per CPU second (hits ÷ PHP and MariaDB CPU time)', $processed / ( $cpu_used[0] + $cpu_used[1] ), 'hits/s' );
		}
	}

	/**
	 * The size of the plugin's tables (data and indexes, after ANALYZE TABLE), read again each
	 * second until two reads agree or the size grows (at most two minutes): the pages of deleted
	 * rows are freed by InnoDB's purge, after the deletes.
	 *
	 * @return array{0: int, 1: float} Bytes, and the seconds waited.
	 */
	private static function settled_size(): array {
		global $wpdb;
		$tables = array_map( array( Tables::class, 'table' ), Tables::TABLES );
		$start  = microtime( true );
		$bytes  = PHP_INT_MAX;
		while ( true ) {
			$wpdb->get_results( 'ANALYZE TABLE ' . implode( ', ', $tables ) );
			$size = (int) $wpdb->get_var(
				$wpdb->prepare(
					'SELECT SUM(data_length + index_length) FROM information_schema.TABLES WHERE table_schema = %s AND table_name IN (' . implode( ', ', array_fill( 0, count( $tables ), '%s' ) ) . ')',
					array_merge( array( DB_NAME ), $tables )
				)
			);
			if ( $size >= $bytes || microtime( true ) - $start > 120 ) {
				return array( min( $size, $bytes ), microtime( true ) - $start );
			}
			$bytes = $size;
			sleep( 1 );
		}
	}

	/**
	 * CPU seconds used so far by this process and by the database thread of its connection (the
	 * latter 0 where it cannot be read: not MariaDB ≥ 10.5 on Linux).
	 *
	 * @return array{0: float, 1: float}
	 */
	private static function cpu(): array {
		global $wpdb;
		static $thread = null;
		$usage         = getrusage();
		$php           = $usage['ru_utime.tv_sec'] + $usage['ru_utime.tv_usec'] / 1e6 + $usage['ru_stime.tv_sec'] + $usage['ru_stime.tv_usec'] / 1e6;
		if ( null === $thread ) {
			$thread     = '';
			$suppressed = $wpdb->suppress_errors( true );
			$tid        = (int) $wpdb->get_var( 'SELECT TID FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()' );
			$wpdb->suppress_errors( $suppressed );
			$wpdb->last_error = '';
			foreach ( $tid > 0 ? (array) glob( '/proc/[0-9]*/task/' . $tid . '/stat' ) : array() as $stat ) {
				$thread = (string) $stat;
			}
		}
		$fields = '' === $thread ? array() : explode( ' ', (string) preg_replace( '/^.*\) /s', '', (string) file_get_contents( $thread ) ) );
		$ticks  = isset( $fields[12] ) ? (int) $fields[11] + (int) $fields[12] : 0;
		return array( $php, $ticks / 100 );
	}

	/**
	 * Adds the CPU time since a reading to a total.
	 *
	 * @param array{0: float, 1: float} $since A reading of cpu().
	 * @param array{0: float, 1: float} $total The total so far.
	 * @return array{0: float, 1: float}
	 */
	private static function cpu_since( array $since, array $total ): array {
		$now = self::cpu();
		return array( $total[0] + $now[0] - $since[0], $total[1] + $now[1] - $since[1] );
	}

	/**
	 * Bytes the site's mir_ tables take (data and indexes), per session: after the fill (the
	 * budget), and again after the collector phases and the burst, which add today's hits, most of
	 * them in one hour (for the record: Real-Time's summaries then hold the burst's sessions, a
	 * hundred times a busy site's hour, for the two hours they keep).
	 *
	 * @param bool $after_fill Whether the fill just ended (else the burst did).
	 */
	private function storage( bool $after_fill ): void {
		// Deleted rows keep their pages until InnoDB's purge has removed them, which trails the
		// deletes by seconds (longer while compaction's run beside the aggregation on a busy
		// machine): the size is read once it has stopped falling (two reads a second apart agree).
		list( $bytes, $waited ) = self::settled_size();
		$this->row( $after_fill ? 'storage_wait' : 'storage_wait_after_burst', 'storage: waited for InnoDB\'s purge to catch up (the size stopped falling)', $waited, 's' );
		// Every session the site had: the raw table holds only the raw window, the rollups them all.
		$sessions = (int) Db::value( 'SELECT SUM(sessions) FROM {rollup_site}' );
		if ( ! $after_fill ) {
			$this->row( 'sessions_after_burst', 'after the collector phases and the burst: sessions stored (rollups, all days)', $sessions, 'sessions' );
			$this->row( 'storage_total_after_burst', 'after the burst: mir_ tables, data + indexes', $bytes / 1048576, 'MiB' );
			$this->row( 'storage_after_burst', 'after the burst: storage per session (Real-Time\'s summaries hold the burst\'s sessions for two hours)', $bytes / max( 1, $sessions ), 'bytes' );
			return;
		}
		$this->row( 'sessions', 'sessions stored (rollups, all days)', $sessions, 'sessions' );
		$this->row( 'sessions_raw', sprintf( 'of which still raw (the last %d days)', Compaction::days() ), (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' ), 'sessions' );
		$this->row( 'storage_total', 'storage after the fill: mir_ tables, data + indexes', $bytes / 1048576, 'MiB' );
		// InnoDB allocates pages and extents ahead, which weighs on small fills: the budget is for
		// a fill of a million page views or more.
		$full = $this->pageviews >= self::FULL_FILL;
		$this->row( $full ? 'storage' : 'storage_small', 'storage per session after the fill' . ( $full ? '' : ' (budget at 1 M page views only)' ), $bytes / max( 1, $sessions ), 'bytes' );
	}

	/**
	 * The overview (last 30 days, last 365 days) and site_summary routes against core's
	 * GET /wp/v2/posts, as the administrator, with the report cache and the object cache empty
	 * before every request (as for a request of its own without a persistent object cache). One
	 * warm-up round, then $runs rounds of the four in turn; the median of each counts.
	 *
	 * @throws \RuntimeException When a route does not answer 200.
	 */
	private function latency(): void {
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
		// Every other report the registry builds, over both ranges.
		$others = array_values( array_diff( Registry::built(), array( 'overview', 'site_summary' ) ) );
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
		$ms = array_map( array( self::class, 'median' ), $times );

		$this->row( 'posts', 'core GET /wp/v2/posts (10 posts), in process', $ms['posts'], 'ms' );
		$this->row( 'overview_30', 'overview, last 30 days', $ms['overview_30'], 'ms' );
		$this->row( 'overview_30_ratio', 'overview 30 days ÷ /wp/v2/posts', $ms['overview_30'] / $ms['posts'], '×' );
		$this->row( 'overview_365', sprintf( 'overview, last %d days', $this->days ), $ms['overview_365'], 'ms' );
		$this->row( 'overview_365_ratio', sprintf( 'overview %d days ÷ /wp/v2/posts', $this->days ), $ms['overview_365'] / $ms['posts'], '×' );
		$this->row( 'overview_365_views', sprintf( 'overview %d days: page views it reports', $this->days ), (int) ( $data['overview_365']['infobox']['pageviews']['value'] ?? 0 ), 'page views', array( 'eq', $this->fill_views ) );
		$this->row( 'summary', 'site_summary, last 30 days', $ms['summary'], 'ms' );
		$this->row( 'summary_ratio', 'site_summary ÷ /wp/v2/posts', $ms['summary'] / $ms['posts'], '×' );
		$this->row( 'summary_365', sprintf( 'site_summary, last %d days', $this->days ), $ms['summary_365'], 'ms' );
		$this->row( 'summary_365_ratio', sprintf( 'site_summary %d days ÷ /wp/v2/posts', $this->days ), $ms['summary_365'] / $ms['posts'], '×' );
		$since = time() - HOUR_IN_SECONDS;
		$this->row( 'realtime_hits', 'realtime: hits (page views and events) in the last hour, burst included', (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE ts > %d', array( $since ) ) + (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE ts > %d', array( $since ) ), 'hits' );
		foreach ( $others as $name ) {
			$this->row( $name . '_30_ratio', $name . ', last 30 days ÷ /wp/v2/posts', $ms[ $name . '_30' ] / $ms['posts'], '×', array( 'max', 1 ) );
			$this->row( $name . '_365_ratio', sprintf( '%s, last %d days ÷ /wp/v2/posts', $name, $this->days ), $ms[ $name . '_365' ] / $ms['posts'], '×', array( 'max', 1 ) );
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
	private function realtime( string $key, string $when ): void {
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
		$this->row( $key . '_hits', sprintf( 'realtime %s: hits (page views and events) in the last hour', $when ), $hits, 'hits' );
		$this->row( $key, sprintf( 'realtime %s ÷ /wp/v2/posts (%.1f ms ÷ %.1f ms)', $when, self::median( $times['realtime'] ), self::median( $times['posts'] ) ), self::median( $times['realtime'] ) / self::median( $times['posts'] ), '×', array( 'max', 1 ) );
		$this->row( $key . '_raw', sprintf( 'realtime %s from the raw rows only ÷ /wp/v2/posts (%.1f ms)', $when, self::median( $times['realtime_raw'] ) ), self::median( $times['realtime_raw'] ) / self::median( $times['posts'] ), '×' );
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
		$this->row( $key, sprintf( 'realtime %s: payload parts that differ between the summaries and the raw rows (%d active now)', $when, (int) ( $payloads['raw']['now'] ?? 0 ) ), $differ, 'parts', array( 'eq', 0 ) );
	}

	/**
	 * The median of numbers.
	 *
	 * @param float[] $values At least one.
	 */
	private static function median( array $values ): float {
		sort( $values );
		$middle = intdiv( count( $values ), 2 );
		return 1 === count( $values ) % 2 ? $values[ $middle ] : ( $values[ $middle - 1 ] + $values[ $middle ] ) / 2;
	}

	/**
	 * Adds a row, checked against its budget.
	 *
	 * @param string     $key    The figure's key (BUDGETS).
	 * @param string     $figure What it is.
	 * @param float|int  $value  The value.
	 * @param string     $unit   Its unit.
	 * @param array|null $budget A budget of this run ([ 'min' | 'max' | 'eq', value ]) instead of BUDGETS'.
	 */
	private function row( string $key, string $figure, $value, string $unit, ?array $budget = null ): void {
		$budget = $budget ?? self::BUDGETS[ $key ] ?? null;
		$ok     = null === $budget || match ( $budget[0] ) {
			'min'   => $value >= $budget[1],
			'eq'    => $value === $budget[1],
			default => $value <= $budget[1],
		};
		$row = array(
			'key'    => $key,
			'figure' => $figure,
			'value'  => $value,
			'unit'   => $unit,
			'budget' => null === $budget ? '' : array(
				'min' => '≥ ',
				'eq'  => '= ',
				'max' => '≤ ',
			)[ $budget[0] ] . $budget[1],
			'ok'     => $ok,
		);
		self::say( sprintf( '%s: %s %s%s', $figure, self::number( $value ), $unit, $ok ? '' : ' — OVER BUDGET' ) );
		$this->rows[] = $row;
	}

	/**
	 * Prints the rows as a table.
	 */
	private function table(): void {
		$lines = array( array( 'figure', 'value', 'unit', 'budget', 'ok' ) );
		foreach ( $this->rows as $row ) {
			// Figures without a budget are for the record.
			$lines[] = array( $row['figure'], self::number( $row['value'] ), $row['unit'], $row['budget'], '' === $row['budget'] ? '-' : ( $row['ok'] ? 'yes' : 'NO' ) );
		}
		$widths = array();
		foreach ( $lines as $line ) {
			foreach ( $line as $i => $cell ) {
				$widths[ $i ] = max( $widths[ $i ] ?? 0, mb_strlen( $cell ) );
			}
		}
		foreach ( $lines as $line ) {
			$cells = array();
			foreach ( $line as $i => $cell ) {
				$pad     = $widths[ $i ] - mb_strlen( $cell );
				$cells[] = 1 === $i ? str_repeat( ' ', $pad ) . $cell : $cell . str_repeat( ' ', $pad );
			}
			echo rtrim( implode( '  ', $cells ) ) . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
		}
	}

	/**
	 * A number as the table shows it: three significant digits at most below 1000.
	 *
	 * @param float|int $value The value.
	 */
	private static function number( $value ): string {
		if ( is_int( $value ) || abs( $value ) >= 1000 ) {
			return number_format( (float) $value, 0, '.', ' ' );
		}
		return (string) round( $value, abs( $value ) >= 100 ? 0 : ( abs( $value ) >= 10 ? 1 : ( abs( $value ) >= 1 ? 2 : 3 ) ) );
	}

	/**
	 * The machine's load average over the last minute: other processes competing for the CPUs.
	 */
	private static function load(): float {
		$load = sys_getloadavg();
		return false === $load ? 0.0 : (float) $load[0];
	}

	/**
	 * A progress line.
	 *
	 * @param string $text The line.
	 */
	private static function say( string $text ): void {
		fwrite( STDOUT, 'bench: ' . $text . "\n" );
	}

	/**
	 * A subfolder of the run's temporary folder, created.
	 *
	 * @param string $name Its name.
	 */
	private function dir( string $name ): string {
		$dir = $this->tmp . '/' . $name;
		wp_mkdir_p( $dir );
		return $dir;
	}

	/**
	 * The number of lines of a file (0 when it does not exist).
	 *
	 * @param string $path The file.
	 */
	private static function lines( string $path ): int {
		clearstatcache( true, $path );
		$text = is_file( $path ) ? file_get_contents( $path ) : '';
		return substr_count( (string) $text, "\n" );
	}

	/**
	 * Deletes a folder and what it holds.
	 *
	 * @param string $dir The folder.
	 */
	private static function remove( string $dir ): void {
		if ( ! is_dir( $dir ) ) {
			return;
		}
		$items = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
		foreach ( $items as $item ) {
			$item->isDir() ? rmdir( $item->getPathname() ) : unlink( $item->getPathname() );
		}
		rmdir( $dir );
	}
}
