<?php
/**
 * The built-in analytics' bench: the site it runs on, the order of its measures, and the budgets
 * of its figures.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\SourceList;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\UserAgentParser;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\BotList;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

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
 * (The fill runs first, then the collector phases, so nothing of today is aggregated before the
 * past year.) Collecting times the collector, Fill makes the year of traffic, Storage and Latency
 * read its size and the reports' cost; Report holds the figures. Budgets are below; a figure over
 * its budget fails the run.
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
		'shop_checkout'      => array( 'max', 5 ),
	);

	/**
	 * The page views of the default fill, which the storage budget is for.
	 */
	public const FULL_FILL = 1000000;

	/**
	 * The figures of the run.
	 *
	 * @var Report
	 */
	private Report $report;

	/**
	 * The run's temporary folder.
	 *
	 * @var Scratch
	 */
	private Scratch $scratch;

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
		$this->report = new Report();
	}

	/**
	 * Runs every measure, prints the table (unless the rows go to a JSON file).
	 *
	 * @return int The exit status: 1 when a figure is over budget.
	 */
	public function run(): int {
		$this->report->row( 'load_start', 'load average of the machine (1 min), at the start', Machine::load(), '' );
		$this->scratch = new Scratch( sys_get_temp_dir() . '/monsterinsights-reports-bench-' . getmypid() );
		$collecting    = new Collecting( $this->report, $this->scratch );
		$storage       = new Storage( $this->report, $this->pageviews );
		try {
			$this->pin_build_data();
			$this->site();
			// The past year first (an import of history: nothing of today may be aggregated before it,
			// and WP-Cron on the HTTP phase's WordPress aggregates what collect.php receives).
			$fill_views = ( new Fill( $this->report, $this->scratch, $this->pageviews, $this->days ) )->run( $this->pages );
			// Storage as the fill leaves it: a year of a site's traffic, the last two hours of it in
			// Real-Time's summaries as any site has them.
			$storage->measure( true );
			// A shop of that size: its orders, written by the capture (timed), and its steps.
			( new Shop( $this->report, $this->pageviews ) )->run();
			$requests = $this->requests();
			$collecting->collector( $requests );
			$collecting->over_http( array_slice( $requests, 0, $this->http ) );
			$this->report->row( 'build_data', 'build/data files changed before collect.php was timed (a concurrent build?)', count( array_diff_assoc( $this->build_data, self::build_data() ) ), 'files' );
			$collecting->aggregation();
			$latency = new Latency( $this->report, $this->runs, $this->days );
			// Real-Time at the hour the collector phases leave (the burst then adds 100,000 hits).
			$latency->realtime( 'realtime_before_burst', 'before the burst' );
			if ( $this->burst > 0 ) {
				$collecting->burst( $this->pages, $this->burst );
			}
			$storage->measure( false );
			if ( $this->burst > 0 ) {
				$latency->realtime( 'realtime_burst', 'with the burst' );
			}
			$latency->reports( $fill_views );
		} finally {
			$this->scratch->remove();
		}

		$this->report->row( 'load_end', 'load average of the machine (1 min), at the end', Machine::load(), '' );
		$this->report->row( 'wall_time', 'bench.php, wall time (install included)', microtime( true ) - $this->started, 's' );
		if ( '' !== $this->json ) {
			$this->report->write_json( $this->json );
		} else {
			$this->report->table();
		}
		return $this->report->failed() ? 1 : 0;
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
		Report::say( sprintf( 'site: WordPress %s, PHP %s, MariaDB %s, %d pages to visit', get_bloginfo( 'version' ), PHP_VERSION, $GLOBALS['wpdb']->db_server_info(), count( $this->pages ) ) );
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
}
