<?php
/**
 * Report routes: GET monsterinsights-reports/v1/reports/{name}.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\InvalidDateRange;
use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Reports\Report;
use MonsterInsights\Reports\Sources\Source;
use MonsterInsights\Reports\Sources\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * Checks run in order: capability, report exists, connected source, licence gate, dates, cache.
 */
final class ReportsController extends Controller {

	/**
	 * Cache lifetime; the data version in the key invalidates earlier on new data.
	 */
	private const CACHE_TTL = HOUR_IN_SECONDS;

	/**
	 * Builds the controller.
	 *
	 * @param Registry $reports The reports.
	 * @param Sources  $sources The sources.
	 */
	public function __construct( private Registry $reports, private Sources $sources ) {
		parent::__construct();
		$this->rest_base = 'reports';
	}

	/**
	 * Registers one route per report, each with its payload schema, and a catch-all that answers
	 * 404 for unknown names.
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
			register_rest_route(
				$this->namespace,
				'/' . $this->rest_base . '/' . $name,
				array(
					array(
						'methods'             => \WP_REST_Server::READABLE,
						'callback'            => fn( \WP_REST_Request $request ) => $this->answer( $report, $request ),
						'permission_callback' => array( $this, 'can_view' ),
						'args'                => $args,
					),
					'schema' => fn() => array(
						'$schema' => 'http://json-schema.org/draft-04/schema#',
						'title'   => 'monsterinsights-reports-' . $name,
					) + $report->schema(),
				)
			);
		}
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<name>[a-zA-Z0-9_-]+)',
			array(
				'methods'             => \WP_REST_Server::READABLE,
				'callback'            => array( $this, 'not_found' ),
				'permission_callback' => array( $this, 'can_view' ),
				'args'                => array(
					'name' => array(
						'description' => __( 'The report name.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
				),
			)
		);
	}

	/**
	 * Unknown report names.
	 */
	public function not_found(): \WP_Error {
		return new \WP_Error( 'rest_report_not_found', __( 'There is no report with this name.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * Answers a report.
	 *
	 * @param Report           $report  The report.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function answer( Report $report, \WP_REST_Request $request ) {
		$name   = $report->name();
		$source = $this->sources->active();
		if ( null === $source || ! $source->is_connected() ) {
			return new \WP_Error( 'not_connected', __( 'Connect a data source before viewing reports.', 'monsterinsights-reports' ), array( 'status' => 409 ) );
		}

		/**
		 * The licence gate: return a WP_Error (403 upgrade_required, with the level needed) to
		 * refuse a report to the current licence, or null to let it through.
		 *
		 * @param \WP_Error|null   $error   Null to allow.
		 * @param string           $name    The report name.
		 * @param \WP_REST_Request $request The request.
		 */
		$gate = apply_filters( 'monsterinsights_reports_report_gate', null, $name, $request );
		if ( $gate instanceof \WP_Error ) {
			return $gate;
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

		return rest_ensure_response( $this->cached( $report, $source, $range, $compare ) );
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
		$tz    = wp_timezone();
		$today = new \DateTimeImmutable( 'today', $tz );
		$start = (string) ( $request->get_param( 'start' ) ?? $today->modify( '-30 days' )->format( 'Y-m-d' ) );
		$end   = (string) ( $request->get_param( 'end' ) ?? $today->modify( '-1 day' )->format( 'Y-m-d' ) );
		$range = DateRange::from_strings( $start, $end, $tz, $today );

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
	 * The payload, from the cache when the source's data has not changed since it was built.
	 *
	 * @param Report         $report  The report.
	 * @param Source         $source  The source.
	 * @param DateRange      $range   The range.
	 * @param DateRange|null $compare The compare range.
	 * @return array<string, mixed>
	 */
	private function cached( Report $report, Source $source, DateRange $range, ?DateRange $compare ): array {
		$key = 'mir_report_' . md5(
			implode(
				'|',
				array(
					$source->key(),
					$source->data_version(),
					$report->name(),
					$range->key(),
					null !== $compare ? $compare->key() : '',
					get_user_locale(),
				)
			)
		);
		$hit = get_transient( $key );
		if ( is_array( $hit ) ) {
			return $hit;
		}
		$data = $report->build( $source, $range, $compare );
		set_transient( $key, $data, self::CACHE_TTL );
		return $data;
	}
}
