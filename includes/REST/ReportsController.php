<?php
/**
 * Report routes: GET monsterinsights-reports/v1/reports/{name}.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Licensing\Tiers;
use MonsterInsights\Reports\Licensing\Upgrade;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\InvalidDateRange;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\HasParams;
use MonsterInsights\Reports\Reports\NeedsShop;
use MonsterInsights\Reports\Reports\Unavailable;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Reports\Report;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\Prefetches;
use MonsterInsights\Reports\Sources\Source;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * Checks run in order: capability, report exists, connected source, licence gate, what the report
 * needs besides (Reports\Unavailable: a 400), dates, cache.
 *
 * The licence gate (docs/product-rules.md#licence-levels: the server is the gate) answers 403
 * upgrade_required with the level needed and the feature for a report above the licence, and
 * below basic for a compare range or any range but the default last 30 days. Names of the tier
 * table whose report is not built yet get the same 403 when locked, else 404.
 */
final class ReportsController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'reports';

	/**
	 * The start of the transient names of cached payloads (the uninstaller deletes them by it).
	 */
	public const CACHE_PREFIX = 'mir_report_';

	/**
	 * The header of an answer built from Google's last answers (its quota ran out).
	 */
	public const STALE_HEADER = 'X-MonsterInsights-Reports-Stale';

	/**
	 * Builds the controller.
	 *
	 * @param Registry $reports The reports.
	 * @param Sources  $sources The sources.
	 */
	public function __construct( private Registry $reports, private Sources $sources ) {
		parent::__construct();
	}

	/**
	 * Registers one route per report, each with its payload schema, and a catch-all that answers
	 * 404 for unknown names (403 upgrade_required for a locked name of the tier table).
	 */
	public function register_routes(): void {
		$date = array(
			'type'    => 'string',
			'format'  => 'date',
			'pattern' => '^\\d{4}-\\d{2}-\\d{2}$',
		);
		$args = array(
			'start'         => array( 'description' => __( 'First day of the range (Y-m-d, site timezone).', 'monsterinsights-reports' ) ) + $date,
			'end'           => array( 'description' => __( 'Last day of the range (Y-m-d, site timezone).', 'monsterinsights-reports' ) ) + $date,
			'compare_start' => array( 'description' => __( 'First day of the compare range.', 'monsterinsights-reports' ) ) + $date,
			'compare_end'   => array( 'description' => __( 'Last day of the compare range.', 'monsterinsights-reports' ) ) + $date,
		);
		foreach ( $this->reports->all() as $name => $report ) {
			$params = $report instanceof HasParams ? $report->params() : array();
			$this->add_route(
				'/' . $name,
				array( $this->endpoint( \WP_REST_Server::READABLE, fn( \WP_REST_Request $request ) => $this->answer( $report, $request ), 'can_view', $args + $params ) ),
				fn() => self::document( $name, $report->schema() )
			);
			foreach ( $report->tables() as $id => $table ) {
				$table_args = $args + ReportRequest::table_args( $table->sortable() );
				$csv_args   = $args + ReportRequest::table_args( $table->sortable(), false );
				$path       = '/' . $name . '/tables/' . $id;
				$this->add_route( $path, array( $this->endpoint( \WP_REST_Server::READABLE, fn( \WP_REST_Request $request ) => $this->answer( $report, $request, $id ), 'can_view', $table_args ) ), fn() => self::document( $name . '-' . $id, $table->schema() ) );
				$this->add_route( $path . '/csv', array( $this->endpoint( \WP_REST_Server::READABLE, fn( \WP_REST_Request $request ) => $this->answer( $report, $request, $id, true ), 'can_view', $csv_args ) ), fn() => self::document( $name . '-' . $id . '-csv', self::csv_schema() ) );
			}
		}
		$this->add_route( '/(?P<name>[a-zA-Z0-9_-]+)/tables/(?P<table>[a-zA-Z0-9_-]+)(?:/csv)?', array( $this->endpoint( \WP_REST_Server::READABLE, 'table_not_found' ) ), fn() => self::document( 'report-table-not-found', self::error_schema() ) );
		$name_arg = array(
			'description' => __( 'The report name.', 'monsterinsights-reports' ),
			'type'        => 'string',
		);
		$this->add_route( '/(?P<name>[a-zA-Z0-9_-]+)', array( $this->endpoint( \WP_REST_Server::READABLE, 'not_found', 'can_view', array( 'name' => $name_arg ) ) ), fn() => self::document( 'report-not-found', self::error_schema() ) );
	}

	/**
	 * A table's CSV route answers a file, not JSON: its schema says so.
	 *
	 * @return array<string, mixed>
	 */
	private static function csv_schema(): array {
		return array(
			'type'             => 'string',
			'description'      => __( 'The whole table as a CSV file (text/csv, UTF-8 with a byte order mark), one row per table row under a header row of the column labels, sent as an attachment.', 'monsterinsights-reports' ),
			'contentMediaType' => 'text/csv',
		);
	}

	/**
	 * Report names without a report: 403 upgrade_required when the tier table has the name and the
	 * licence is below it (the app shows that report's upsell), else 404.
	 *
	 * @param \WP_REST_Request|null $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>>|null $request
	 */
	public function not_found( $request = null ): \WP_Error {
		$name = $request instanceof \WP_REST_Request ? (string) $request->get_param( 'name' ) : '';
		if ( '' !== $name && Tiers::is_report( $name ) && ! Tiers::allows( Licence::level(), $name ) ) {
			return Upgrade::required( $name );
		}
		return new \WP_Error( 'rest_report_not_found', __( 'There is no report with this name.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * A table name that the report does not have: 404, after the same licence gate as the report's
	 * (a locked report says so before saying anything about its tables).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function table_not_found( \WP_REST_Request $request ): \WP_Error {
		$name = (string) $request->get_param( 'name' );
		if ( Tiers::is_report( $name ) && ! Tiers::allows( Licence::level(), $name ) ) {
			return Upgrade::required( $name );
		}
		return new \WP_Error( 'rest_report_table_not_found', __( 'This report has no table with this name.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * Answers a report.
	 *
	 * @param Report           $report  The report.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $table   One table of the report (the tables route), or '' for the payload.
	 * @param bool             $csv     Every row of that table as CSV (the CSV route).
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function answer( Report $report, \WP_REST_Request $request, string $table = '', bool $csv = false ) {
		$name   = $report->name();
		$source = $this->sources->active();
		if ( null === $source || ! $source->is_connected() ) {
			return new \WP_Error( 'not_connected', __( 'Connect a data source before viewing reports.', 'monsterinsights-reports' ), array( 'status' => 409 ) );
		}

		$level  = Licence::level();
		$locked = $this->gate( $name, $level, $request );
		if ( null !== $locked ) {
			return $locked;
		}

		/**
		 * A further licence gate, after the tier table's: return a WP_Error (403 upgrade_required,
		 * with the level needed) to refuse a report to the current licence, or null to let it
		 * through.
		 *
		 * @param \WP_Error|null   $error   Null to allow.
		 * @param string           $name    The report name.
		 * @param \WP_REST_Request $request The request.
		 */
		$gate = apply_filters( 'monsterinsights_reports_report_gate', null, $name, $request );
		if ( $gate instanceof \WP_Error ) {
			return $gate;
		}
		if ( $report instanceof NeedsShop && ! Shop::active() ) {
			return new \WP_Error( 'no_shop', $report->no_shop_notice(), array( 'status' => 400 ) );
		}
		// A report that needs a module, a shop plugin or what only some sources can do says which
		// is missing (a 400).
		$missing = $report instanceof Unavailable ? $report->unavailable( $source ) : null;
		if ( null !== $missing ) {
			return $missing;
		}

		try {
			list( $range, $compare ) = $this->ranges( $request );
		} catch ( InvalidDateRange $e ) {
			return new \WP_Error(
				'invalid_date_range',
				__( 'The date range is not valid: dates must be real days between 2005-01-01 and today, and the start must not be after the end.', 'monsterinsights-reports' ),
				array( 'status' => 400 )
			);
		}

		$report_request = new ReportRequest(
			$range,
			$compare,
			(string) ( $request->get_param( 'search' ) ?? '' ),
			(string) ( $request->get_param( 'orderby' ) ?? '' ),
			(string) ( $request->get_param( 'order' ) ?? '' ),
			(int) ( $request->get_param( 'page' ) ?? 1 ),
			$csv ? 0 : (int) ( $request->get_param( 'per_page' ) ?? ReportRequest::PER_PAGE ),
			$report instanceof HasParams ? self::own_params( $report, $request ) : array()
		);
		try {
			if ( '' === $table ) {
				return self::marked( rest_ensure_response( $this->cached( $report, $source, $report_request, $level ) ) );
			}
			$block = $report->tables()[ $table ];
			if ( $csv ) {
				return new CsvResponse(
					$block->columns( $report_request ),
					$block->rows( $source, $report_request ),
					sprintf( 'monsterinsights-reports-%s-%s-%s-%s.csv', $report->name(), $table, $range->start_ymd(), $range->end_ymd() )
				);
			}
			return self::marked(
				rest_ensure_response(
					$this->cached( $report, $source, $report_request, $level, $table, static fn(): array => $block->payload( $source, $report_request ) )
				)
			);
		} catch ( GoogleError $error ) {
			// The google source could not answer: its state (re-auth, forbidden, quota, unavailable).
			return $error->to_wp_error();
		}
	}

	/**
	 * Marks an answer built from Google's last answers because its quota ran out: the
	 * X-MonsterInsights-Reports-Stale header, which the app turns into a notice.
	 *
	 * @param \WP_REST_Response $response The answer.
	 */
	private static function marked( \WP_REST_Response $response ): \WP_REST_Response {
		if ( Cache::$stale ) {
			$response->header( self::STALE_HEADER, 'quota' );
		}
		return $response;
	}

	/**
	 * A report's own parameters of a request (those of its params() that the table parameters do
	 * not carry), validated by the route.
	 *
	 * @param HasParams        $report  The report.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, scalar>
	 */
	private static function own_params( HasParams $report, \WP_REST_Request $request ): array {
		$out = array();
		foreach ( array_diff( array_keys( $report->params() ), array( 'search', 'orderby', 'order', 'page', 'per_page' ) ) as $name ) {
			$value = $request->get_param( $name );
			if ( is_scalar( $value ) ) {
				$out[ $name ] = $value;
			}
		}
		ksort( $out );
		return $out;
	}

	/**
	 * The tier table's gate: the report's level, then, below basic, no compare range and no range
	 * but the default.
	 *
	 * @param string           $name    The report name.
	 * @param string           $level   The licence level.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	private function gate( string $name, string $level, \WP_REST_Request $request ): ?\WP_Error {
		if ( ! Tiers::allows( $level, $name ) ) {
			return Upgrade::required( $name );
		}
		if ( ! Tiers::allows( $level, 'compare' ) && ( null !== $request->get_param( 'compare_start' ) || null !== $request->get_param( 'compare_end' ) ) ) {
			return Upgrade::required( 'compare' );
		}
		if ( ! Tiers::allows( $level, 'custom_date_range' ) ) {
			$defaults  = $this->default_dates();
			$requested = array(
				(string) ( $request->get_param( 'start' ) ?? $defaults[0] ),
				(string) ( $request->get_param( 'end' ) ?? $defaults[1] ),
			);
			if ( $defaults !== $requested ) {
				return Upgrade::required( 'custom_date_range' );
			}
		}
		return null;
	}

	/**
	 * The default range's first and last day: the last 30 days ending yesterday, site timezone.
	 *
	 * @return array{0: string, 1: string}
	 */
	private function default_dates(): array {
		list( $range ) = DateRange::default_ranges();
		return array( $range->start_ymd(), $range->end_ymd() );
	}

	/**
	 * The range (default last 30 days ending yesterday) and the optional compare range.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array{0: DateRange, 1: DateRange|null}
	 * @throws InvalidDateRange For an invalid range.
	 */
	private function ranges( \WP_REST_Request $request ): array {
		$tz       = wp_timezone();
		$today    = new \DateTimeImmutable( 'today', $tz );
		$defaults = $this->default_dates();
		$start    = (string) ( $request->get_param( 'start' ) ?? $defaults[0] );
		$end      = (string) ( $request->get_param( 'end' ) ?? $defaults[1] );
		$range    = DateRange::from_strings( $start, $end, $tz, $today );

		$compare_start = $request->get_param( 'compare_start' );
		$compare_end   = $request->get_param( 'compare_end' );
		if ( null === $compare_start && null === $compare_end ) {
			return array( $range, null );
		}
		if ( null === $compare_start || null === $compare_end ) {
			throw new InvalidDateRange( 'incomplete_compare' );
		}
		return array( $range, DateRange::from_strings( (string) $compare_start, (string) $compare_end, $tz, $today ) );
	}

	/**
	 * The payload (or one table's page), from the cache when the source's data has not changed
	 * since it was built. The licence level is part of the key: some payloads depend on it (the site
	 * summary's most popular page).
	 *
	 * @param Report        $report  The report.
	 * @param Source        $source  The source.
	 * @param ReportRequest $request Ranges and table parameters.
	 * @param string        $level   The licence level.
	 * @param string        $table   A table's page rather than the payload, or ''.
	 * @param \Closure|null $build   Builds that table's page.
	 * @phpstan-param ( \Closure(): array<string, mixed> )|null $build
	 * @return array<string, mixed>
	 */
	private function cached( Report $report, Source $source, ReportRequest $request, string $level, string $table = '', ?\Closure $build = null ): array {
		if ( $report->cache_ttl() <= 0 ) {
			// Not cached at all (the real-time report): a transient of 0 seconds would never expire.
			return null !== $build ? $build() : $report->build( $source, $request );
		}
		$key = self::CACHE_PREFIX . md5(
			implode(
				'|',
				array(
					$source->key(),
					$source->data_version(),
					$report->name(),
					$table,
					$request->key(),
					get_user_locale(),
					$level,
					/**
					 * Filters a version that is part of every report's cache key, for data a
					 * payload shows that is not the source's (site notes on the charts): when it
					 * changes, cached payloads are rebuilt.
					 *
					 * @param string $version Empty by default.
					 * @param string $name    The report name.
					 */
					(string) apply_filters( 'monsterinsights_reports_cache_version', '', $report->name() ),
				)
			)
		);
		$hit = get_transient( $key );
		if ( is_string( $hit ) ) {
			$hit = json_decode( $hit, true );
		}
		if ( is_array( $hit ) ) {
			return $hit;
		}
		if ( null === $build && $source instanceof Prefetches ) {
			// A remote source asks the report's queries together first.
			$source->prefetch( static fn( Source $recorder ): array => $report->build( $recorder, $request ) );
		}
		$data = null !== $build ? $build() : $report->build( $source, $request );
		// As JSON, the form the response takes anyway: half the bytes of PHP's serialize() for a
		// year's graphs, and the write of a large option row is much of a long range's cost.
		$json = wp_json_encode( $data );
		// An answer built from Google's last answers (its quota ran out) is not kept: the next
		// request asks Google again.
		if ( false !== $json && ! Cache::$stale ) {
			set_transient( $key, $json, $report->cache_ttl() );
		}
		return $data;
	}
}
