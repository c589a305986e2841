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
use MonsterInsights\Reports\Sources\Prefetches;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Each Query is one RunReportRequest per range (its range, its compare range), on the connection's
 * property; a report's requests are asked together beforehand (prefetch(): batchRunReports, five a
 * batch). Answers are cached per request (Cache): a range that includes today briefly, others for
 * hours; when Google's quota is used up the last answers are served and the source says so
 * (stale()). It shares nothing with the
 * builtin source but the Query model and the Source interface.
 *
 * Site Speed comes from PageSpeed Insights (PageSpeed): Lighthouse's lab run of the front page per
 * device, whatever the range; Run Audit runs it afresh.
 */
final class GoogleSource implements Source, Prefetches, MeasuresSpeed, AnswersMetrics {

	public const KEY = 'google';

	/**
	 * The most reports one batchRunReports may carry (the API's limit).
	 */
	public const BATCH = 5;

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
		if ( count( Ga4Query::asked_metrics( $query ) ) > Ga4Query::MAX_METRICS ) {
			return $this->run_in_parts( $query );
		}
		$answers = $this->answers( self::requests( $query ), self::with_today( $query ) );
		$result  = Ga4Query::result( $answers[0], $query );
		if ( null === $query->compare ) {
			return $result;
		}
		return new Result( $result->rows, $result->totals, Ga4Query::result( $answers[1] ?? array(), $query ) );
	}

	/**
	 * Asks Google, in as few batches as it allows, what a report will ask (each request once,
	 * those not cached yet), so that its build finds them in the cache: the report is built once
	 * against a source that only writes its queries down (a query that depends on another's
	 * answer is asked later, by itself). Errors are left to the build.
	 *
	 * @param callable $build Builds the report with a source.
	 * @phpstan-param callable(Source): mixed $build
	 */
	public function prefetch( callable $build ): void {
		$recorder = new QueryRecorder( $this );
		try {
			$build( $recorder );
		} catch ( \Throwable $e ) {
			unset( $e );
		}
		$missing = array();
		foreach ( $recorder->queries() as $asked ) {
			foreach ( self::parts( $asked ) as $query ) {
				foreach ( self::requests( $query ) as $request ) {
					$key = $this->cache_key( $request );
					if ( ! isset( $missing[ $key ] ) && null === Cache::fresh( $key ) ) {
						$missing[ $key ] = array( $request, self::with_today( $query ) );
					}
				}
			}
		}
		if ( count( $missing ) < 2 || Cache::backing_off() ) {
			return;
		}
		try {
			$answers = $this->fetch( array_column( array_values( $missing ), 0 ) );
		} catch ( GoogleError $error ) {
			unset( $error );
			return;
		}
		foreach ( array_keys( $missing ) as $i => $key ) {
			Cache::store( $key, $answers[ $i ] ?? array(), $missing[ $key ][1] ? Cache::SHORT : Cache::LONG );
		}
	}

	/**
	 * The RunReportRequests of a query: its range, and its compare range.
	 *
	 * @param Query $query The query.
	 * @return list<array<string, mixed>>
	 */
	private static function requests( Query $query ): array {
		$requests = array( Ga4Query::request( $query, $query->range ) );
		if ( null !== $query->compare ) {
			$requests[] = Ga4Query::request( $query, $query->compare );
		}
		return $requests;
	}

	/**
	 * Whether a query's range includes today (its answers stay fresh briefly).
	 *
	 * @param Query $query The query.
	 */
	private static function with_today( Query $query ): bool {
		return $query->range->end_ymd() >= wp_date( 'Y-m-d' );
	}

	/**
	 * The cache key of a request: the property, the connection and the request.
	 *
	 * @param array<string, mixed> $request The request.
	 */
	private function cache_key( array $request ): string {
		$settings = $this->connection()->get();
		return $settings['property'] . '|' . $settings['connected_at'] . '|runReport|' . wp_json_encode( $request );
	}

	/**
	 * The answers of some requests, in their order: from the cache, else from Google (one runReport,
	 * or batchRunReports of up to five), else — when the quota is used up — their last answers.
	 *
	 * @param list<array<string, mixed>> $requests The requests.
	 * @param bool                       $today    Whether their range includes today.
	 * @return list<array<string, mixed>>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	private function answers( array $requests, bool $today ): array {
		$out     = array();
		$missing = array();
		foreach ( $requests as $i => $request ) {
			$fresh = Cache::fresh( $this->cache_key( $request ) );
			if ( null !== $fresh ) {
				$out[ $i ] = $fresh;
			} else {
				$missing[ $i ] = $request;
			}
		}
		if ( array() !== $missing ) {
			try {
				if ( Cache::backing_off() ) {
					throw GoogleError::because( GoogleError::QUOTA );
				}
				$fetched = $this->fetch( array_values( $missing ) );
				foreach ( array_keys( $missing ) as $j => $i ) {
					$out[ $i ] = $fetched[ $j ] ?? array();
					Cache::store( $this->cache_key( $missing[ $i ] ), $out[ $i ], $today ? Cache::SHORT : Cache::LONG );
				}
			} catch ( GoogleError $error ) {
				foreach ( array_keys( $missing ) as $i ) {
					$out[ $i ] = Cache::fallback( $this->cache_key( $missing[ $i ] ), $error );
				}
			}
		}
		ksort( $out );
		return array_values( $out );
	}

	/**
	 * Asks Google: one request with runReport, more with batchRunReports, five at a time.
	 *
	 * @param list<array<string, mixed>> $requests The requests.
	 * @return list<array<string, mixed>> Their answers, in their order.
	 * @throws GoogleError When Google does not answer with what was asked.
	 */
	private function fetch( array $requests ): array {
		if ( 1 === count( $requests ) ) {
			return array( $this->client()->data( 'runReport', $requests[0] ) );
		}
		$out = array();
		foreach ( array_chunk( $requests, self::BATCH ) as $chunk ) {
			$answer  = $this->client()->data( 'batchRunReports', array( 'requests' => $chunk ) );
			$reports = is_array( $answer['reports'] ?? null ) ? array_values( $answer['reports'] ) : array();
			if ( count( $reports ) !== count( $chunk ) ) {
				throw GoogleError::because( GoogleError::MALFORMED );
			}
			foreach ( $reports as $report ) {
				$out[] = is_array( $report ) ? $report : array();
			}
		}
		return $out;
	}

	/**
	 * A query with more metrics than one request may ask: the first part (with the metrics the
	 * query is ordered by) decides the rows, the others add their metrics to those rows.
	 *
	 * @param Query $query The query.
	 * @throws GoogleError When Google cannot answer.
	 */
	private function run_in_parts( Query $query ): Result {
		$parts = self::parts( $query );
		$main  = $this->run( array_shift( $parts ) );
		foreach ( $parts as $part ) {
			$main = self::merge( $main, $this->run( $part ), $query );
		}
		return $main;
	}

	/**
	 * A query as queries of at most MAX_METRICS metrics GA4 knows: the first with the metrics the
	 * query is ordered by, its order and limit (and the metrics GA4 does not know, answered 0); the
	 * others with the rest, for all rows. A query within the limit is its own one part.
	 *
	 * @param Query $query The query.
	 * @return non-empty-list<Query>
	 */
	private static function parts( Query $query ): array {
		if ( count( Ga4Query::asked_metrics( $query ) ) <= Ga4Query::MAX_METRICS ) {
			return array( $query );
		}
		$ordered = array_values( array_intersect( array_column( $query->order_by, 'field' ), $query->metrics ) );
		$rest    = array_values( array_diff( $query->metrics, $ordered ) );
		$known   = array_values( array_filter( $rest, static fn( string $m ): bool => isset( Ga4Query::METRICS[ $m ] ) ) );
		$unknown = array_values( array_diff( $rest, $known ) );
		$chunks  = array_chunk( $known, max( 1, Ga4Query::MAX_METRICS - count( $ordered ) ) );
		$parts   = array( new Query( array_merge( $ordered, array_shift( $chunks ) ?? array(), $unknown ), $query->dimensions, $query->range, $query->compare, $query->filters, $query->order_by, $query->limit ) );
		foreach ( $chunks as $chunk ) {
			$parts[] = new Query( $chunk, $query->dimensions, $query->range, $query->compare, $query->filters );
		}
		return $parts;
	}

	/**
	 * Adds the metrics of another part to a result's rows (matched by their dimension values), its
	 * totals and its compare result's, in the query's metric order.
	 *
	 * @param Result $main  The rows that count.
	 * @param Result $other Another part.
	 * @param Query  $query The whole query.
	 */
	private static function merge( Result $main, Result $other, Query $query ): Result {
		$by_key = array();
		foreach ( $other->rows as $row ) {
			$by_key[ (string) wp_json_encode( $row['dimensions'] ) ] = $row['metrics'];
		}
		$in_order = static function ( array $metrics ) use ( $query ): array {
			$out = array();
			foreach ( $query->metrics as $metric ) {
				if ( array_key_exists( $metric, $metrics ) ) {
					$out[ $metric ] = $metrics[ $metric ];
				}
			}
			return $out;
		};
		$rows     = array();
		foreach ( $main->rows as $row ) {
			$extra  = $by_key[ (string) wp_json_encode( $row['dimensions'] ) ] ?? array_fill_keys( array_keys( $other->totals ), 0 );
			$rows[] = array(
				'dimensions' => $row['dimensions'],
				'metrics'    => $in_order( $row['metrics'] + $extra ),
			);
		}
		$compare = null !== $main->compare && null !== $other->compare ? self::merge( $main->compare, $other->compare, $query ) : $main->compare;
		return new Result( $rows, $in_order( $main->totals + $other->totals ), $compare );
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
	 * The client.
	 */
	private function client(): Client {
		$this->client = $this->client ?? new Client( $this->connection() );
		return $this->client;
	}
}
