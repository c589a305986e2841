<?php
/**
 * The google source: report Queries answered by GA4's Data API.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Each Query is one runReport, or with a compare range one batchRunReports of two (the range and
 * the compare range), on the connection's property. Answers are cached per query (Cache): a
 * range that includes today briefly, others for hours; when Google's quota is used up the last
 * answer for the query is served and the source says so (stale()). It shares nothing with the
 * builtin source but the Query model and the Source interface.
 */
final class GoogleSource implements Source {

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
		if ( count( Ga4Query::asked_metrics( $query ) ) > Ga4Query::MAX_METRICS ) {
			return $this->run_in_parts( $query );
		}
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
	 * A query with more metrics than one request may ask: the first part (with the metrics the
	 * query is ordered by) decides the rows, the others add their metrics to those rows.
	 *
	 * @param Query $query The query.
	 * @throws GoogleError When Google cannot answer.
	 */
	private function run_in_parts( Query $query ): Result {
		$ordered = array_values( array_intersect( array_column( $query->order_by, 'field' ), $query->metrics ) );
		$rest    = array_values( array_diff( $query->metrics, $ordered ) );
		$known   = array_values( array_filter( $rest, static fn( string $m ): bool => isset( Ga4Query::METRICS[ $m ] ) ) );
		$unknown = array_values( array_diff( $rest, $known ) );
		$parts   = array_chunk( $known, max( 1, Ga4Query::MAX_METRICS - count( $ordered ) ) );
		$first   = array_merge( $ordered, array_shift( $parts ) ?? array(), $unknown );
		$main    = $this->run( new Query( $first, $query->dimensions, $query->range, $query->compare, $query->filters, $query->order_by, $query->limit ) );
		foreach ( $parts as $part ) {
			$other = $this->run( new Query( $part, $query->dimensions, $query->range, $query->compare, $query->filters ) );
			$main  = self::merge( $main, $other, $query );
		}
		return $main;
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
	 * The dimensions GA4 has.
	 *
	 * @param string $dimension A Query\Dimension name.
	 */
	public function supports( string $dimension ): bool {
		return isset( Ga4Query::DIMENSIONS[ $dimension ] );
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
		// A new connection (connected_at) asks afresh.
		$settings = $this->connection()->get();
		$key      = $settings['property'] . '|' . $settings['connected_at'] . '|' . $method . '|' . wp_json_encode( $body );
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
