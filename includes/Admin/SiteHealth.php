<?php
/**
 * Site Health tests of the built-in analytics.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\REST\SiteHealthController;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

defined( 'ABSPATH' ) || exit;

/**
 * Tools → Site Health checks (the `site_status_tests` filter):
 *
 * - the collector endpoint answers a loopback request (the URL the tracker posts to);
 * - the aggregation runs (WP-Cron) and is not behind;
 * - the buffer of hits waiting for the aggregation is small;
 * - the data dir does not answer with its contents over the web;
 * - the hits the collector's rate limits dropped, those of the per-address limit first (a NAT of
 *   many real visitors would show there);
 * - the size of the plugin's tables, with the google source recommended past about 10 M page views
 *   a month (docs/product-rules.md#data-sources).
 *
 * The first five apply while the built-in collector is on (source `builtin` or none chosen yet).
 * The two that request the site over HTTP (the collector and the data folder, up to TIMEOUT seconds
 * a request) are asynchronous tests: the Site Health screen loads without waiting for them and then
 * runs each through its REST route (REST\SiteHealthController), as it runs core's loopback test;
 * WordPress's weekly check, which cannot authenticate, calls them directly (`async_direct_test`).
 * The others read options and files and are direct tests.
 */
final class SiteHealth {

	/**
	 * The Site Health tests' prefix.
	 */
	public const PREFIX = 'monsterinsights_reports_';

	/**
	 * Seconds without an aggregation after which it counts as stalled (the bell's threshold too).
	 */
	public const STALLED_AFTER = HOUR_IN_SECONDS;

	/**
	 * Buffered bytes from which the aggregation is behind, and from which it is far behind.
	 */
	public const BUFFER_RECOMMENDED = 10485760; // 10 MB.
	public const BUFFER_CRITICAL    = 104857600; // 100 MB.

	/**
	 * Page views in 30 days past which the google source is recommended.
	 */
	public const PAGEVIEWS_PER_MONTH_LIMIT = 10000000;

	/**
	 * Seconds a loopback request may take.
	 */
	public const TIMEOUT = 10;

	/**
	 * The asynchronous tests: key (without the prefix) => the method that runs it.
	 */
	public const ASYNC = array(
		'collector' => 'test_collector',
		'data_dir'  => 'test_data_dir',
	);

	/**
	 * Statuses of the collector that show it answered: hit stored or dropped (204), malformed body
	 * (400), wrong method (405), too large (413).
	 */
	private const COLLECTOR_ANSWERS = array( 204, 400, 405, 413 );

	/**
	 * Hooks the tests.
	 */
	public static function register(): void {
		add_filter( 'site_status_tests', array( self::class, 'add_tests' ) );
	}

	/**
	 * `site_status_tests`: adds the direct tests and, while the collector is on, the asynchronous
	 * ones.
	 *
	 * @param mixed $tests The tests.
	 * @return array<string, mixed>
	 */
	public static function add_tests( $tests ): array {
		$tests = is_array( $tests ) ? $tests : array();
		foreach ( array( 'direct', 'async' ) as $kind ) {
			if ( ! isset( $tests[ $kind ] ) || ! is_array( $tests[ $kind ] ) ) {
				$tests[ $kind ] = array();
			}
		}
		$direct = array(
			'database' => array(
				'label' => __( 'Insights analytics database size', 'monsterinsights-reports' ),
				'test'  => array( self::class, 'test_database' ),
			),
		);
		$async  = array();
		if ( self::collecting() ) {
			$direct = array(
				'aggregation' => array(
					'label' => __( 'Insights aggregation', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_aggregation' ),
				),
				'buffer'      => array(
					'label' => __( 'Insights buffer of new visits', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_buffer' ),
				),
				'rate_limit'  => array(
					'label' => __( 'Insights rate limits', 'monsterinsights-reports' ),
					'test'  => array( self::class, 'test_rate_limit' ),
				),
			) + $direct;
			$labels = array(
				'collector' => __( 'Insights collector endpoint', 'monsterinsights-reports' ),
				'data_dir'  => __( 'Insights data folder', 'monsterinsights-reports' ),
			);
			foreach ( self::ASYNC as $key => $method ) {
				$async[ $key ] = array(
					'label'             => $labels[ $key ],
					'test'              => rest_url( Controller::NAMESPACE . '/' . SiteHealthController::BASE . '/' . self::route( $key ) ),
					'has_rest'          => true,
					'async_direct_test' => array( self::class, $method ),
				);
			}
		}
		foreach ( $direct as $key => $test ) {
			$tests['direct'][ self::PREFIX . $key ] = $test;
		}
		foreach ( $async as $key => $test ) {
			$tests['async'][ self::PREFIX . $key ] = $test;
		}
		return $tests;
	}

	/**
	 * The REST route of an asynchronous test, below `site-health/`: its key with dashes.
	 *
	 * @param string $key The test's key, without the prefix.
	 */
	public static function route( string $key ): string {
		return str_replace( '_', '-', $key );
	}

	/**
	 * Whether the built-in collector is on: the active source is builtin, or none was chosen yet.
	 */
	public static function collecting(): bool {
		return in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true );
	}

	/**
	 * The collector answers the URL the tracker posts to. An empty POST is refused as malformed
	 * (400), so nothing is written.
	 *
	 * @return array<string, mixed>
	 */
	public static function test_collector(): array {
		$url      = TrackerScript::endpoint();
		$response = wp_remote_post(
			$url,
			array(
				'timeout'   => self::TIMEOUT,
				'body'      => '',
				'headers'   => array( 'Content-Type' => 'text/plain' ),
				/** This filter is documented in wp-includes/class-wp-http-streams.php */
				'sslverify' => apply_filters( 'https_local_ssl_verify', false ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's loopback filter.
			)
		);
		$status = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );

		if ( ! in_array( $status, self::COLLECTOR_ANSWERS, true ) ) {
			if ( is_wp_error( $response ) ) {
				$error = $response->get_error_message();
			} else {
				/* translators: %d: an HTTP status code. */
				$error = sprintf( __( 'HTTP status %d', 'monsterinsights-reports' ), $status );
			}
			return self::result(
				'collector',
				'critical',
				__( 'Visits cannot reach the Insights collector', 'monsterinsights-reports' ),
				sprintf(
					/* translators: 1: a URL, 2: the error or HTTP status. */
					esc_html__( 'The tracker sends each visit to %1$s, but a request from the site to that address failed (%2$s). No visits are recorded until it answers. A firewall, a security plugin or the server configuration may be blocking it.', 'monsterinsights-reports' ),
					'<code>' . esc_html( $url ) . '</code>',
					esc_html( $error )
				)
			);
		}
		if ( str_contains( $url, 'collect.php' ) ) {
			return self::result(
				'collector',
				'good',
				__( 'The Insights collector answers', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a URL. */
					esc_html__( 'Visits are sent to %s, which stores them without loading WordPress.', 'monsterinsights-reports' ),
					'<code>' . esc_html( $url ) . '</code>'
				)
			);
		}
		return self::result(
			'collector',
			'recommended',
			__( 'The Insights collector answers through the REST API', 'monsterinsights-reports' ),
			sprintf(
				/* translators: %s: a URL. */
				esc_html__( 'Visits are sent to %s, which loads WordPress for every visit. The lighter collect.php endpoint cannot find this site\'s data folder (for example because it was moved outside the web root), so it is not used; visits are recorded all the same.', 'monsterinsights-reports' ),
				'<code>' . esc_html( $url ) . '</code>'
			)
		);
	}

	/**
	 * The every-minute aggregation runs and is not behind.
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function test_aggregation( ?int $now = null ): array {
		$now    = $now ?? time();
		$last   = get_option( Aggregator::LAST_RUN_OPTION );
		$last   = is_array( $last ) ? $last : array();
		$time   = (int) ( $last['time'] ?? 0 );
		$next   = wp_next_scheduled( Scheduler::AGGREGATE_HOOK );
		$format = get_option( 'date_format' ) . ' ' . get_option( 'time_format' );
		$help   = sprintf(
			'<a href="%s">%s</a>',
			esc_url( 'https://developer.wordpress.org/plugins/cron/hooking-wp-cron-into-the-system-task-scheduler/' ),
			esc_html__( 'How to run WP-Cron from a real cron job', 'monsterinsights-reports' )
		);

		if ( isset( $last['error'] ) && is_string( $last['error'] ) ) {
			return self::result(
				'aggregation',
				'critical',
				__( 'The Insights aggregation failed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: 1: date and time, 2: an error message. */
					esc_html__( 'Its last run, on %1$s, stopped with this error: %2$s. New visits are kept and processed once it runs again.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) ),
					'<code>' . esc_html( $last['error'] ) . '</code>'
				)
			);
		}
		$overdue = false !== $next && $next < $now - self::STALLED_AFTER;
		$old     = $time > 0 && $time < $now - self::STALLED_AFTER;
		if ( $overdue || $old ) {
			$since = $overdue ? (int) $next : $time;
			return self::result(
				'aggregation',
				'critical',
				__( 'The Insights aggregation is not running', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'The scheduled task that moves new visits into the reports every minute has not run since %s: WP-Cron seems to be disabled or stuck. Visits are still collected and processed whenever the reports page loads. Run WordPress cron from a system cron job, or schedule "wp monsterinsights-reports aggregate" every minute.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $since ) )
				),
				$help
			);
		}
		if ( false === $next ) {
			return self::result(
				'aggregation',
				'recommended',
				__( 'The Insights aggregation is not scheduled', 'monsterinsights-reports' ),
				esc_html__( 'The every-minute task is missing; it is put back the next time an administrator opens wp-admin. Until then, visits are processed when the reports page loads.', 'monsterinsights-reports' ),
				$help
			);
		}
		if ( $time > 0 && empty( $last['complete'] ) ) {
			return self::result(
				'aggregation',
				'recommended',
				__( 'The Insights aggregation is behind', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'Its last run, on %s, could not process every new visit in its time; the next runs continue. If this stays, the site receives more visits than it can process: see the buffer test below.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) )
				)
			);
		}
		return self::result(
			'aggregation',
			'good',
			__( 'The Insights aggregation runs', 'monsterinsights-reports' ),
			$time > 0
				? sprintf(
					/* translators: %s: date and time. */
					esc_html__( 'New visits are moved into the reports every minute; the last run was on %s.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $time ) )
				)
				: esc_html__( 'New visits are moved into the reports every minute; the first run is scheduled.', 'monsterinsights-reports' )
		);
	}

	/**
	 * The bytes of hits waiting for the aggregation: the live buffer and the claimed files, without
	 * their guard lines.
	 */
	public static function pending_bytes(): int {
		$bytes = 0;
		foreach ( DataDir::files() as $path ) {
			$name = basename( $path );
			if ( Buffer::FILE !== $name && 1 !== preg_match( Buffer::CLAIMED_PATTERN, $name ) ) {
				continue;
			}
			$size   = (int) filesize( $path );
			$bytes += max( 0, $size - strlen( PrivateFile::GUARD ) );
		}
		return $bytes;
	}

	/**
	 * The buffer of hits waiting for the aggregation is small.
	 *
	 * @return array<string, mixed>
	 */
	public static function test_buffer(): array {
		$bytes = self::pending_bytes();
		$size  = esc_html( self::size( $bytes ) );
		if ( $bytes >= self::BUFFER_CRITICAL ) {
			return self::result(
				'buffer',
				'critical',
				__( 'Many new visits wait to be processed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a size such as "120 MB". */
					esc_html__( '%s of visits wait in the data folder for the aggregation. The reports lag behind, and the folder keeps growing while the aggregation does not run or cannot keep up. Check the aggregation test, or run "wp monsterinsights-reports aggregate".', 'monsterinsights-reports' ),
					$size
				)
			);
		}
		if ( $bytes >= self::BUFFER_RECOMMENDED ) {
			return self::result(
				'buffer',
				'recommended',
				__( 'New visits wait to be processed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a size such as "12 MB". */
					esc_html__( '%s of visits wait in the data folder for the aggregation, more than a few minutes of traffic usually leaves. The reports may lag behind.', 'monsterinsights-reports' ),
					$size
				)
			);
		}
		return self::result(
			'buffer',
			'good',
			__( 'New visits are processed in time', 'monsterinsights-reports' ),
			sprintf(
				/* translators: %s: a size such as "4 KB". */
				esc_html__( '%s of visits wait for the next aggregation.', 'monsterinsights-reports' ),
				$size
			)
		);
	}

	/**
	 * The data dir does not answer with its contents: a GET of the folder and of a file in it.
	 *
	 * @return array<string, mixed>
	 */
	public static function test_data_dir(): array {
		$url = DataDir::url();
		if ( null !== $url ) {
			$dir = DataDir::ensure();
			if ( null === $dir ) {
				return self::result(
					'data_dir',
					'critical',
					__( 'The Insights data folder cannot be created', 'monsterinsights-reports' ),
					esc_html__( 'The uploads folder is not writable, so visits cannot be stored.', 'monsterinsights-reports' )
				);
			}
			$problem = self::data_dir_over_the_web( $url, $dir );
			if ( null !== $problem ) {
				return $problem;
			}
		}
		return self::result(
			'data_dir',
			'good',
			__( 'The Insights data folder is private', 'monsterinsights-reports' ),
			null === $url
				? esc_html__( 'It is outside the web root, where no web request reaches it.', 'monsterinsights-reports' )
				: esc_html__( 'Requests to the folder and to a file in it answer nothing of their contents.', 'monsterinsights-reports' )
		);
	}

	/**
	 * The hits the collector's rate limits dropped (ratelimit.php). Recommended when the
	 * per-address limit dropped some in the last day: a script that rotates its user agent, or a
	 * shared address of many real visitors, whose limit a filter raises.
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function test_rate_limit( ?int $now = null ): array {
		$now     = $now ?? time();
		$limit   = new RateLimit( DataDir::path() );
		$visitor = $limit->dropped();
		$address = $limit->dropped_per_ip();
		$per_ip  = ConfigFile::build()->visitors_per_ip;
		$format  = get_option( 'date_format' ) . ' ' . get_option( 'time_format' );
		$counts  = sprintf(
			/* translators: 1: a number of hits, 2: the most hits of one visitor a minute. */
			esc_html__( 'Hits dropped so far: %1$s from single visitors over %2$s hits a minute;', 'monsterinsights-reports' ),
			esc_html( number_format_i18n( $visitor['dropped'] ) ),
			esc_html( number_format_i18n( RateLimit::MAX_PER_MINUTE ) )
		) . ' ' . ( 0 === $per_ip
			? sprintf(
				/* translators: %s: a number of hits. */
				esc_html__( '%s from single IP addresses over their limit of visitors a minute, which is now off.', 'monsterinsights-reports' ),
				esc_html( number_format_i18n( $address['dropped'] ) )
			)
			: sprintf(
				/* translators: 1: a number of hits, 2: the most visitors of one address a minute. */
				esc_html__( '%1$s from single IP addresses over %2$s visitors a minute.', 'monsterinsights-reports' ),
				esc_html( number_format_i18n( $address['dropped'] ) ),
				esc_html( number_format_i18n( $per_ip ) )
			) );
		if ( $address['last'] > $now - DAY_IN_SECONDS ) {
			return self::result(
				'rate_limit',
				'recommended',
				__( 'Visits from one IP address were dropped', 'monsterinsights-reports' ),
				$counts . ' ' . sprintf(
					/* translators: 1: date and time, 2: a filter's name. */
					esc_html__( 'The last, on %1$s, came from an address that sent more different browsers in a minute than the limit allows: a script that changes its user agent with every hit does that. If many real visitors share one address (a campus or office network), raise the limit with the %2$s filter, or exclude the address.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $address['last'] ) ),
					'<code>monsterinsights_reports_rate_limit_visitors_per_ip</code>'
				)
			);
		}
		return self::result(
			'rate_limit',
			'good',
			__( 'The Insights rate limits keep floods out', 'monsterinsights-reports' ),
			$counts
		);
	}

	/**
	 * What a GET of the data dir inside the web root and of a file in it tell: null when neither
	 * answers with their contents.
	 *
	 * @param string $url The folder's URL.
	 * @param string $dir The folder.
	 * @return array<string, mixed>|null The test's result when the folder is readable or could not be checked.
	 */
	private static function data_dir_over_the_web( string $url, string $dir ): ?array {
		$file   = is_file( $dir . '/' . Buffer::FILE ) ? Buffer::FILE : DataDir::INDEX;
		$leaked = array();
		$failed = array();
		foreach ( array( $url, $url . $file ) as $address ) {
			$response = wp_remote_get(
				$address,
				array(
					'timeout'     => self::TIMEOUT,
					'redirection' => 0,
					/** This filter is documented in wp-includes/class-wp-http-streams.php */
					'sslverify'   => apply_filters( 'https_local_ssl_verify', false ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's loopback filter.
				)
			);
			if ( is_wp_error( $response ) ) {
				$failed[] = $address;
				continue;
			}
			$status = (int) wp_remote_retrieve_response_code( $response );
			$body   = (string) wp_remote_retrieve_body( $response );
			if ( $status >= 200 && $status < 300 && self::leaks( $body ) ) {
				$leaked[] = $address;
			}
		}
		if ( array() !== $leaked ) {
			return self::result(
				'data_dir',
				'critical',
				__( 'The Insights data folder can be read over the web', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: one or more URLs. */
					esc_html__( 'A request to %s answered with the folder\'s contents. Move the folder outside the web root with the MONSTERINSIGHTS_REPORTS_DATA_DIR constant in wp-config.php, or make the server run PHP files in uploads.', 'monsterinsights-reports' ),
					implode( ', ', array_map( static fn ( string $address ): string => '<code>' . esc_html( $address ) . '</code>', $leaked ) )
				)
			);
		}
		if ( array() !== $failed ) {
			return self::result(
				'data_dir',
				'recommended',
				__( 'The Insights data folder could not be checked', 'monsterinsights-reports' ),
				esc_html__( 'The site could not request its own uploads folder, so this test cannot tell whether the folder can be read over the web. Every file in it starts with a PHP exit line and its name is random, which keeps it private on servers that run PHP.', 'monsterinsights-reports' )
			);
		}
		return null;
	}

	/**
	 * Whether an answer shows the data dir's contents: a file's text (its guard line or what follows
	 * it) or the name of a file in it (a listing).
	 *
	 * @param string $body The answer.
	 */
	public static function leaks( string $body ): bool {
		if ( '' === trim( $body ) ) {
			return false;
		}
		if ( str_contains( $body, PrivateFile::GUARD_LINE ) ) {
			return true;
		}
		foreach ( DataDir::files() as $path ) {
			if ( str_contains( $body, basename( $path ) ) ) {
				return true;
			}
			$text = (string) file_get_contents( $path, false, null, 0, 4096 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
			$data = trim( substr( $text, strlen( PrivateFile::GUARD ) ) );
			if ( strlen( $data ) >= 8 && str_contains( $body, substr( $data, 0, 64 ) ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The bytes of the plugin's tables: information_schema on MySQL/MariaDB; on SQLite, where it
	 * does not know sizes, the whole database file; null when neither is known.
	 */
	public static function database_bytes(): ?int {
		global $wpdb;
		if ( self::is_sqlite() ) {
			$file = defined( 'FQDB' ) ? (string) constant( 'FQDB' ) : '';
			return '' !== $file && is_file( $file ) ? (int) filesize( $file ) : null;
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Table sizes change all the time.
		$bytes = $wpdb->get_var(
			$wpdb->prepare(
				'SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE %s',
				$wpdb->esc_like( $wpdb->prefix . Tables::PREFIX ) . '%'
			)
		);
		return null === $bytes ? null : (int) $bytes;
	}

	/**
	 * Page views of the last 30 days (the preset's range, ending yesterday) from the daily rollup.
	 */
	public static function pageviews_last_30_days(): int {
		global $wpdb;
		$today          = new \DateTimeImmutable( 'now', wp_timezone() );
		list( $range )  = DateRange::preset( 'last30days', $today, (int) get_option( 'start_of_week', 1 ) );
		$table          = Tables::table( 'rollup_site' );
		$previous_error = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- The table name is the plugin's own.
		$pageviews = $wpdb->get_var( $wpdb->prepare( "SELECT SUM(pageviews) FROM {$table} WHERE day BETWEEN %s AND %s", $range->start_ymd(), $range->end_ymd() ) );
		$wpdb->suppress_errors( $previous_error );
		return (int) $pageviews;
	}

	/**
	 * The size of the plugin's tables, and the google source past about 10 M page views a month.
	 *
	 * @return array<string, mixed>
	 */
	public static function test_database(): array {
		$bytes     = self::database_bytes();
		$pageviews = self::pageviews_last_30_days();
		$size      = null === $bytes
			? __( 'an unknown size', 'monsterinsights-reports' )
			: self::size( $bytes );
		$facts     = sprintf(
			/* translators: 1: a size such as "120 MB", 2: a number of page views. */
			esc_html__( 'The built-in analytics tables take %1$s; the last 30 days had %2$s page views.', 'monsterinsights-reports' ),
			esc_html( $size ),
			esc_html( number_format_i18n( $pageviews ) )
		);
		if ( self::is_sqlite() ) {
			$facts .= ' ' . esc_html__( 'On SQLite the size is that of the whole database file.', 'monsterinsights-reports' );
		}
		if ( $pageviews > self::PAGEVIEWS_PER_MONTH_LIMIT ) {
			return self::result(
				'database',
				'recommended',
				__( 'This site has outgrown the built-in analytics', 'monsterinsights-reports' ),
				$facts . ' ' . esc_html__( 'Past about 10 million page views a month, the site\'s own database is no longer the right place for analytics: switch to the Google source, whose storage and compute are Google\'s.', 'monsterinsights-reports' )
			);
		}
		return self::result(
			'database',
			'good',
			__( 'The built-in analytics fit in the site\'s database', 'monsterinsights-reports' ),
			$facts . ' ' . esc_html__( 'Past about 10 million page views a month, the Google source is recommended instead.', 'monsterinsights-reports' )
		);
	}

	/**
	 * Whether WordPress runs on SQLite (the SQLite Database Integration, as in Playground).
	 */
	private static function is_sqlite(): bool {
		return ( defined( 'DB_ENGINE' ) && 'sqlite' === constant( 'DB_ENGINE' ) ) || class_exists( 'WP_SQLite_DB', false );
	}

	/**
	 * A byte count as text ("0 B" for none).
	 *
	 * @param int $bytes Bytes.
	 */
	private static function size( int $bytes ): string {
		$text = size_format( $bytes, $bytes < 1024 ? 0 : 1 );
		return false === $text ? '0 B' : $text;
	}

	/**
	 * A Site Health result.
	 *
	 * @param string $key         The test's key, without the prefix.
	 * @param string $status      good, recommended or critical.
	 * @param string $label       The headline.
	 * @param string $description HTML, escaped by the caller.
	 * @param string $actions     HTML links, escaped by the caller.
	 * @return array<string, mixed>
	 */
	private static function result( string $key, string $status, string $label, string $description, string $actions = '' ): array {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Insights', 'monsterinsights-reports' ),
				'color' => 'good' === $status ? 'blue' : ( 'critical' === $status ? 'red' : 'orange' ),
			),
			'description' => '<p>' . $description . '</p>',
			'actions'     => '' === $actions ? '' : '<p>' . $actions . '</p>',
			'test'        => self::PREFIX . $key,
		);
	}
}
