<?php
/**
 * The eCommerce Funnel report (docs/reports.md#ecommerce-funnel).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Computed;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The users of the range's closed funnel — saw a product page (1. View Item); of those, added a
 * product to a cart (2. Add to Cart); of those, paid an order (3. Purchase) — as the source answers
 * activeUsers by funnelStepName:
 * - `funnel_chart`: the three steps' users, `{ value }` each;
 * - `funnel_table`: keyed `none`, `channel`, `country` (the breakdown: the channel or country of
 *   the visitor's session), each `{ rows, {breakdown}_category_length }` (how many categories).
 *   Three rows per category (`Total` for none; the others by their step-1 users, most first): `step`,
 *   `users`, `users_rate` (percent of the category's step 1), `completion_rate` (percent of the
 *   step's users in the next step), `abandonments` (the step's users not in the next step),
 *   `abandonments_rate` (their percent), `breakdown_category`. The Purchase step has no next step:
 *   '--' for its completion and abandonment figures. Percents have 2 decimals; 0 for a step without
 *   users.
 * The range alone: the funnel is never compared.
 */
final class EcommerceFunnel extends ComposedReport implements NeedsShop {

	use RegistryName;

	/**
	 * The breakdowns and the dimension of each (none: none).
	 */
	public const BREAKDOWNS = array(
		'none'    => null,
		'channel' => Dimension::SESSION_CHANNEL,
		'country' => Dimension::COUNTRY,
	);

	/**
	 * What a figure of the last step shows.
	 */
	public const NONE = '--';

	/**
	 * The notice without a shop.
	 */
	public function no_shop_notice(): string {
		return __( 'Our funnel report only supports WooCommerce and Easy Digital Downloads.', 'monsterinsights-reports' );
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$rate  = array( 'type' => array( 'number', 'string' ) );
		$row   = Schema::object(
			array(
				'step'               => Schema::text(),
				'users'              => Schema::number(),
				'users_rate'         => Schema::number(),
				'completion_rate'    => $rate,
				'abandonments'       => $rate,
				'abandonments_rate'  => $rate,
				'breakdown_category' => Schema::text(),
			)
		);
		$table = array();
		foreach ( array_keys( self::BREAKDOWNS ) as $breakdown ) {
			$table[ $breakdown ] = Schema::object(
				array(
					'rows'                          => Schema::list_of( $row ),
					$breakdown . '_category_length' => Schema::number(),
				)
			);
		}
		return array(
			'funnel_chart' => new Computed(
				static function ( Source $source, ReportRequest $request ): array {
					$users = self::users( $source, $request, null )[''] ?? array();
					return array_map( static fn( int $value ): array => array( 'value' => $value ), array_pad( $users, count( Dimension::FUNNEL_STEPS ), 0 ) );
				},
				Schema::list_of( Schema::object( array( 'value' => Schema::number() ) ) )
			),
			'funnel_table' => new Computed(
				static function ( Source $source, ReportRequest $request ): array {
					$out = array();
					foreach ( self::BREAKDOWNS as $breakdown => $dimension ) {
						$categories = self::users( $source, $request, $dimension );
						$rows       = array();
						foreach ( $categories as $category => $users ) {
							$rows = array_merge( $rows, self::rows( null === $dimension ? __( 'Total', 'monsterinsights-reports' ) : (string) $category, $users ) );
						}
						$out[ $breakdown ] = array(
							'rows' => $rows,
							$breakdown . '_category_length' => count( $categories ),
						);
					}
					return $out;
				},
				Schema::object( $table )
			),
		);
	}

	/**
	 * The users of each step by category (one category '' without a breakdown), categories by
	 * their step-1 users, most first; no category without step-1 users.
	 *
	 * @param Source        $source    The source.
	 * @param ReportRequest $request   The request.
	 * @param string|null   $dimension The breakdown's dimension, null for none.
	 * @return array<string, list<int>>
	 */
	private static function users( Source $source, ReportRequest $request, ?string $dimension ): array {
		$dimensions = null === $dimension ? array( Dimension::FUNNEL_STEP ) : array( Dimension::FUNNEL_STEP, $dimension );
		$result     = $source->run( new Query( array( Metric::ACTIVE_USERS ), $dimensions, $request->range ) );
		$steps      = array_flip( Dimension::FUNNEL_STEPS );
		$users      = array();
		foreach ( $result->rows as $row ) {
			$step = $steps[ $row['dimensions'][ Dimension::FUNNEL_STEP ] ?? '' ] ?? null;
			if ( null === $step ) {
				continue;
			}
			$category                     = null === $dimension ? '' : (string) ( $row['dimensions'][ $dimension ] ?? '' );
			$users[ $category ]         ??= array_fill( 0, count( $steps ), 0 );
			$users[ $category ][ $step ] += (int) ( $row['metrics'][ Metric::ACTIVE_USERS ] ?? 0 );
		}
		$users = array_filter( $users, static fn( array $counts ): bool => $counts[0] > 0 );
		uksort( $users, static fn( $a, $b ): int => array( $users[ $b ][0], (string) $a ) <=> array( $users[ $a ][0], (string) $b ) );
		return $users;
	}

	/**
	 * The three rows of a category.
	 *
	 * @param string $category The category's name.
	 * @param int[]  $users    Users by step.
	 * @return list<array<string, int|float|string>>
	 */
	private static function rows( string $category, array $users ): array {
		$names = array(
			__( '1. View Item', 'monsterinsights-reports' ),
			__( '2. Add to Cart', 'monsterinsights-reports' ),
			__( '3. Purchase', 'monsterinsights-reports' ),
		);
		$rate  = static fn( int $part, int $whole ): float => $whole > 0 ? round( $part / $whole * 100, 2 ) : 0.0;
		$rows  = array();
		foreach ( $names as $step => $name ) {
			$count  = $users[ $step ] ?? 0;
			$last   = count( $names ) - 1 === $step;
			$next   = $last ? 0 : ( $users[ $step + 1 ] ?? 0 );
			$rows[] = array(
				'step'               => $name,
				'users'              => $count,
				'users_rate'         => $rate( $count, $users[0] ?? 0 ),
				'completion_rate'    => $last ? self::NONE : $rate( $next, $count ),
				'abandonments'       => $last ? self::NONE : $count - $next,
				'abandonments_rate'  => $last ? self::NONE : ( $count > 0 ? round( 100 - $rate( $next, $count ), 2 ) : 0.0 ),
				'breakdown_category' => $category,
			);
		}
		return $rows;
	}
}
