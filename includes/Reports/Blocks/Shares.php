<?php
/**
 * Shares of sessions by one dimension: a pie.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Technology report's pies: labels and series (percent of sessions, 2 decimals), the largest
 * first, at most LIMIT slices with the rest summed as "Other"; with a compare range, the compare
 * range's percent of the same labels.
 */
final class Shares implements Block {

	public const LIMIT = 6;

	/**
	 * Builds a pie.
	 *
	 * @param string        $dimension The dimension.
	 * @param \Closure|null $label     Value → translated label; the value itself without one.
	 * @phpstan-param ( \Closure( string ): string )|null $label
	 */
	public function __construct( private string $dimension, private ?\Closure $label = null ) {}

	/**
	 * The pie's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$result = $source->run( Query::ranked( array( Metric::SESSIONS ), array( $this->dimension ), $request->range, Metric::SESSIONS, 0, $request->compare ) );
		$total  = $result->total( Metric::SESSIONS );
		$other  = __( 'Other', 'monsterinsights-reports' );
		$values = array();
		foreach ( $result->rows as $i => $row ) {
			$value          = (string) ( $row['dimensions'][ $this->dimension ] ?? '' );
			$key            = $i < self::LIMIT - 1 || count( $result->rows ) === self::LIMIT ? $value : "\0other";
			$values[ $key ] = ( $values[ $key ] ?? 0 ) + (int) ( $row['metrics'][ Metric::SESSIONS ] ?? 0 );
		}
		$labels = array();
		$series = array();
		foreach ( $values as $value => $sessions ) {
			$labels[] = "\0other" === $value ? $other : $this->label_of( (string) $value );
			$series[] = Metrics::percent( $sessions, $total );
		}
		$pie = array(
			'labels' => $labels,
			'series' => $series,
		);
		if ( null !== $request->compare && null !== $result->compare ) {
			$pie['compare'] = $this->compare( array_keys( $values ), $result->compare );
		}
		return $pie;
	}

	/**
	 * The compare range's percent for each slice of the range.
	 *
	 * @param array<int|string> $keys   The slices' values ("\0other" for the rest).
	 * @param Result            $result The compare range's rows.
	 * @return float[]
	 */
	private function compare( array $keys, Result $result ): array {
		$by    = $result->by( $this->dimension );
		$total = $result->total( Metric::SESSIONS );
		$named = 0;
		$out   = array();
		foreach ( $keys as $key ) {
			if ( "\0other" === $key ) {
				continue;
			}
			$named += (int) ( $by[ (string) $key ][ Metric::SESSIONS ] ?? 0 );
		}
		foreach ( $keys as $key ) {
			$sessions = "\0other" === $key ? $total - $named : (int) ( $by[ (string) $key ][ Metric::SESSIONS ] ?? 0 );
			$out[]    = Metrics::percent( $sessions, $total );
		}
		return $out;
	}

	/**
	 * A value's label.
	 *
	 * @param string $value The value.
	 */
	private function label_of( string $value ): string {
		if ( null !== $this->label ) {
			return ( $this->label )( $value );
		}
		return '' === $value ? __( '(not set)', 'monsterinsights-reports' ) : $value;
	}

	/**
	 * The pie's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object(
			array(
				'labels'  => Schema::list_of( Schema::text() ),
				'series'  => Schema::list_of( Schema::number() ),
				'compare' => Schema::list_of( Schema::number() ),
			),
			array( 'compare' )
		);
	}
}
