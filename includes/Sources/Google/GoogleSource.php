<?php
/**
 * The google source: report Queries answered by GA4's Data API.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\AnswersMetrics;
use MonsterInsights\Reports\Sources\MeasuresSpeed;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Each Query is one runReport, or with a compare range one batchRunReports of two (the range and
 * the compare range), on the connection's property. Answers are cached per query (Cache): a
 * range that includes today briefly, others for hours; when Google's quota is used up the last
 * answer for the query is served and the source says so (stale()). It shares nothing with the
 * builtin source but the Query model and the Source interface.
 *
 * Site Speed comes from PageSpeed Insights (PageSpeed): Lighthouse's lab run of the front page per
 * device, whatever the range; Run Audit runs it afresh.
 */
final class GoogleSource implements Source, MeasuresSpeed, AnswersMetrics {

	public const KEY = 'google';

	/**
	 * Its client, made on first use.
	 *
	 * @var Client|null
	 */
	private ?Client $client = null;

	/**
	 * Builds it.
	 *
	 * @param Connection|null $connection The connection (the current site's without one).
	 */
	public function __construct( private ?Connection $connection = null ) {
	}

	/**
	 * The source's key.
	 */
	public function key(): string {
		return self::KEY;
	}

	/**
	 * The connection it reads.
	 */
	public function connection(): Connection {
		$this->connection = $this->connection ?? Connection::current();
		return $this->connection;
	}

	/**
	 * Connected once it can sign in and has a property (a connection that needs re-auth still is:
	 * its reports answer with the re-auth state).
	 */
	public function is_connected(): bool {
		return $this->connection()->is_complete();
	}

	/**
	 * Answers a query.
	 *
	 * @param Query $query The query.
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	public function run( Query $query ): Result {
		$body   = null === $query->compare
			? array( 'runReport', Ga4Query::request( $query, $query->range ) )
			: array(
				'batchRunReports',
				array(
					'requests' => array(
						Ga4Query::request( $query, $query->range ),
						Ga4Query::request( $query, $query->compare ),
					),
				),
			);
		$answer = $this->cached( $body[0], $body[1], $query->range->end_ymd() >= wp_date( 'Y-m-d' ) );
		if ( 'batchRunReports' === $body[0] ) {
			$reports = is_array( $answer['reports'] ?? null ) ? array_values( $answer['reports'] ) : array();
			$current = is_array( $reports[0] ?? null ) ? $reports[0] : array();
			$other   = is_array( $reports[1] ?? null ) ? $reports[1] : array();
			$result  = Ga4Query::result( $current, $query );
			return new Result( $result->rows, $result->totals, Ga4Query::result( $other, $query ) );
		}
		return Ga4Query::result( $answer, $query );
	}

	/**
	 * Answers a real-time query with runRealtimeReport.
	 *
	 * @param RealtimeQuery $query The query.
	 * @throws GoogleError When Google cannot answer.
	 */
	public function run_realtime( RealtimeQuery $query ): Result {
		return Ga4Realtime::result( $this->client()->data( 'runRealtimeReport', Ga4Realtime::request( $query ) ), $query );
	}

	/**
	 * The lab figures of PageSpeed's last run of each device (a run now when none is kept); a lab
	 * run has no range.
	 *
	 * @param DateRange $range The range (unused).
	 * @return array{desktop: array<string, mixed>, mobile: array<string, mixed>}
	 * @throws GoogleError When PageSpeed cannot answer.
	 */
	public function vitals( DateRange $range ): array {
		$pagespeed = new PageSpeed( $this->connection() );
		return array(
			'desktop' => PageSpeed::vitals( $pagespeed->answer( 'desktop' ) ),
			'mobile'  => PageSpeed::vitals( $pagespeed->answer( 'mobile' ) ),
		);
	}

	/**
	 * The root document's response time of PageSpeed's last run of a device, and when it ran.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|null
	 * @throws GoogleError When PageSpeed cannot answer.
	 */
	public function last_audit( string $device ): ?array {
		return PageSpeed::audit( ( new PageSpeed( $this->connection() ) )->answer( $device ) );
	}

	/**
	 * Runs PageSpeed on a device afresh (Run Audit); its answer replaces the kept one.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|\WP_Error
	 */
	public function run_audit( string $device ): array|\WP_Error {
		try {
			$audit = PageSpeed::audit( ( new PageSpeed( $this->connection() ) )->answer( $device, true ) );
		} catch ( GoogleError $error ) {
			return $error->to_wp_error();
		}
		return $audit ?? GoogleError::because( GoogleError::MALFORMED )->to_wp_error();
	}

	/**
	 * Where GA4 shows the Overview's lists in full.
	 *
	 * @param string $report The report.
	 * @return array<string, string>
	 */
	public function links( string $report ): array {
		$property = $this->connection()->get()['property'];
		if ( '' === $property ) {
			return array();
		}
		$base = 'https://analytics.google.com/analytics/web/#/p' . rawurlencode( $property ) . '/reports/';
		return array(
			'countries' => $base . 'explorer?r=user-demographics-detail',
			'referrals' => $base . 'explorer?r=lifecycle-traffic-acquisition-v2',
			'topposts'  => $base . 'explorer?r=all-pages-and-screens',
		);
	}

	/**
	 * Changes every five minutes and with the connection, so report caches follow the source's.
	 */
	public function data_version(): string {
		$settings = $this->connection()->get();
		return 'g' . $settings['property'] . '.' . $settings['connected_at'] . '.' . (int) floor( time() / Cache::SHORT );
	}

	/**
	 * The dimensions GA4 has; a custom dimension only once the property has registered it.
	 *
	 * @param string $dimension A Query\Dimension name.
	 * @throws GoogleError When a custom dimension's metadata cannot be read.
	 */
	public function supports( string $dimension ): bool {
		$name = Ga4Query::DIMENSIONS[ $dimension ] ?? null;
		if ( null === $name ) {
			return false;
		}
		return ! str_starts_with( $name, 'custom' ) || in_array( $name, $this->custom_dimensions(), true );
	}

	/**
	 * The custom dimensions the property has registered (customEvent:…, customUser:…), from the
	 * Data API's metadata, kept for hours.
	 *
	 * @return list<string>
	 * @throws GoogleError When Google cannot answer.
	 */
	public function custom_dimensions(): array {
		$property = $this->connection()->get()['property'];
		$url      = Endpoints::url( 'data', '/v1beta/properties/' . rawurlencode( $property ) . '/metadata' );
		$metadata = Cache::remember( $property . '|metadata', Cache::LONG, fn(): array => $this->client()->get( $url ) );
		$out      = array();
		foreach ( is_array( $metadata['dimensions'] ?? null ) ? $metadata['dimensions'] : array() as $dimension ) {
			if ( is_array( $dimension ) && ! empty( $dimension['customDefinition'] ) && is_string( $dimension['apiName'] ?? null ) ) {
				$out[] = $dimension['apiName'];
			}
		}
		return $out;
	}

	/**
	 * The metrics GA4 measures: its own, and the counts of events (Ga4Events). Not exits (the Data
	 * API has none) nor the average scroll depth (GA4 only records scrolls past 90 %).
	 *
	 * @param string $metric A Query\Metric name.
	 */
	public function answers_metric( string $metric ): bool {
		return isset( Ga4Query::METRICS[ $metric ] ) || Ga4Events::knows( $metric );
	}

	/**
	 * Whether the last answer came from the cache because Google's quota was used up.
	 */
	public static function stale(): bool {
		return Cache::$stale;
	}

	/**
	 * A Data API answer, from the cache or from Google.
	 *
	 * @param string               $method The method.
	 * @param array<string, mixed> $body   The body.
	 * @param bool                 $today  Whether the range includes today.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	private function cached( string $method, array $body, bool $today ): array {
		$key = $this->connection()->get()['property'] . '|' . $method . '|' . wp_json_encode( $body );
		return Cache::remember( $key, $today ? Cache::SHORT : Cache::LONG, fn(): array => $this->client()->data( $method, $body ) );
	}

	/**
	 * The client.
	 */
	private function client(): Client {
		$this->client = $this->client ?? new Client( $this->connection() );
		return $this->client;
	}
}
