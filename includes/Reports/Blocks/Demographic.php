<?php
/**
 * Users by a demographic dimension: age bracket, gender or interest.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `{ labels, data, percents, compare }`: the users of each value of the dimension (the value
 * `unknown` or `(not set)`, users Google signals could not place, left out), age brackets in their
 * order, genders and interests by users, most first (interests: the top 10); `percents` each one's
 * share of the users shown; `compare` the compare range's users of the same labels, or null
 * without a compare range. Empty lists when the source does not know the dimension (the builtin
 * source: age, gender and interests come only from Google signals) — the screen then hides it.
 */
final class Demographic implements Block {

	/**
	 * Interests shown.
	 */
	public const TOP_INTERESTS = 10;

	/**
	 * Values that place no one.
	 */
	private const UNKNOWN = array( 'unknown', '(not set)', '' );

	/**
	 * Which dimension.
	 *
	 * @param string $dimension Dimension::USER_AGE_BRACKET, USER_GENDER or BRANDING_INTEREST.
	 */
	public function __construct( private readonly string $dimension ) {
	}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array{labels: list<string>, data: list<int>, percents: list<float>, compare: list<int>|null}
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$out = array(
			'labels'   => array(),
			'data'     => array(),
			'percents' => array(),
			'compare'  => null,
		);
		if ( ! $source->supports( $this->dimension ) ) {
			return $out;
		}
		$result = $source->run( new Query( array( Metric::TOTAL_USERS ), array( $this->dimension ), $request->range, $request->compare ) );
		$users  = self::users( $result->rows, $this->dimension );
		if ( Dimension::USER_AGE_BRACKET === $this->dimension ) {
			uksort( $users, 'strnatcmp' );
		} else {
			uksort( $users, static fn( $a, $b ): int => array( $users[ $b ], (string) $a ) <=> array( $users[ $a ], (string) $b ) );
		}
		if ( Dimension::BRANDING_INTEREST === $this->dimension ) {
			$users = array_slice( $users, 0, self::TOP_INTERESTS, true );
		}
		$sum             = array_sum( $users );
		$out['labels']   = array_map( 'strval', array_keys( $users ) );
		$out['data']     = array_values( $users );
		$out['percents'] = array_values( array_map( static fn( int $n ): float => Metrics::percent( $n, $sum ), $users ) );
		if ( null !== $result->compare ) {
			$before         = self::users( $result->compare->rows, $this->dimension );
			$out['compare'] = array_map( static fn( string $label ): int => $before[ $label ] ?? 0, $out['labels'] );
		}
		return $out;
	}

	/**
	 * Users by value, without the unknown.
	 *
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}> $rows      The rows.
	 * @param string                                                                                  $dimension The dimension.
	 * @return array<string, int>
	 */
	private static function users( array $rows, string $dimension ): array {
		$users = array();
		foreach ( $rows as $row ) {
			$value = (string) ( $row['dimensions'][ $dimension ] ?? '' );
			if ( in_array( strtolower( $value ), self::UNKNOWN, true ) ) {
				continue;
			}
			$users[ $value ] = ( $users[ $value ] ?? 0 ) + (int) ( $row['metrics'][ Metric::TOTAL_USERS ] ?? 0 );
		}
		return $users;
	}

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object(
			array(
				'labels'   => Schema::list_of( array( 'type' => 'string' ) ),
				'data'     => Schema::list_of( array( 'type' => 'integer' ) ),
				'percents' => Schema::list_of( Schema::number() ),
				'compare'  => array(
					'type'  => array( 'array', 'null' ),
					'items' => array( 'type' => 'integer' ),
				),
			)
		);
	}
}
