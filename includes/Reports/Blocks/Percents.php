<?php
/**
 * The percent of sessions of some values of one dimension.
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
 * The Overview's `newvsreturn` and `devices`: value → percent of the sessions (2 decimals, 0 for a
 * value without sessions), for a fixed list of values. Unlike Shares (a ranked pie with labels),
 * the keys are the values themselves. Three ways to ask:
 * - RANGE: the range alone;
 * - WITH_COMPARE: the range, and with a compare range its percents under `compare`;
 * - COMPARE_RANGE: the compare range alone (a Compare part; nothing without a compare range).
 */
final class Percents implements Block {

	public const RANGE         = 'range';
	public const WITH_COMPARE  = 'with_compare';
	public const COMPARE_RANGE = 'compare_range';

	/**
	 * Makes the percents.
	 *
	 * @param string   $dimension The dimension.
	 * @param string[] $values    Its values, in the payload's order.
	 * @param string   $ask       RANGE, WITH_COMPARE or COMPARE_RANGE.
	 */
	public function __construct( private string $dimension, private array $values, private string $ask = self::RANGE ) {}

	/**
	 * The percents' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		if ( self::COMPARE_RANGE === $this->ask ) {
			if ( null === $request->compare ) {
				return array();
			}
			return self::of( $source->run( new Query( array( Metric::SESSIONS ), array( $this->dimension ), $request->compare ) ), $this->dimension, $this->values );
		}
		$compare = self::WITH_COMPARE === $this->ask ? $request->compare : null;
		$result  = $source->run( new Query( array( Metric::SESSIONS ), array( $this->dimension ), $request->range, $compare ) );
		$data    = self::of( $result, $this->dimension, $this->values );
		if ( null !== $compare && null !== $result->compare ) {
			$data['compare'] = self::of( $result->compare, $this->dimension, $this->values );
		}
		return $data;
	}

	/**
	 * The percent of sessions of each value in a result.
	 *
	 * @param Result   $result    Sessions by the dimension.
	 * @param string   $dimension The dimension.
	 * @param string[] $values    The values.
	 * @return array<string, float>
	 */
	public static function of( Result $result, string $dimension, array $values ): array {
		$by    = $result->by( $dimension );
		$total = $result->total( Metric::SESSIONS );
		$out   = array();
		foreach ( $values as $value ) {
			$out[ $value ] = Metrics::percent( $by[ $value ][ Metric::SESSIONS ] ?? 0, $total );
		}
		return $out;
	}

	/**
	 * The percents' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$percents = array_fill_keys( $this->values, Schema::number() );
		if ( self::WITH_COMPARE !== $this->ask ) {
			return Schema::object( $percents );
		}
		$percents['compare'] = Schema::object( array_fill_keys( $this->values, Schema::number() ) );
		return Schema::object( $percents, array( 'compare' ) );
	}
}
