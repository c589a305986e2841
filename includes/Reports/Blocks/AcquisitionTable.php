<?php
/**
 * The details table the traffic reports share.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Settings\Shop;

defined( 'ABSPATH' ) || exit;

/**
 * The channel, landing page, campaign and source / medium rows of the traffic reports: a name
 * column, then sessions, engaged_sessions, pages_per_sessions, purchases, conversion_rate
 * (purchases per 100 sessions) and revenue. Purchases and revenue are what the source knows of them
 * (0 until a store reports sales); the three eCommerce columns show only while the site has a shop
 * (Settings\Shop): without one, the payload, the rows and the CSV leave them out.
 */
final class AcquisitionTable {

	public const METRICS = array( Metric::SESSIONS, Metric::ENGAGED_SESSIONS, Metric::SCREEN_PAGE_VIEWS_PER_SESSION, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE );

	/**
	 * The eCommerce columns, shown only while the site has a shop.
	 */
	public const SHOP_COLUMNS = array( 'purchases', 'conversion_rate', 'revenue' );

	/**
	 * A table whose eCommerce columns (of SHOP_COLUMNS) show only while the site has a shop.
	 *
	 * @param Table $table The table.
	 */
	public static function shop_only( Table $table ): Table {
		return $table->only_when( self::SHOP_COLUMNS, static fn(): bool => Shop::active() );
	}

	/**
	 * The metric columns, after the name column.
	 *
	 * @return Column[]
	 */
	public static function columns(): array {
		return array(
			new Column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
			new Column( 'engaged_sessions', __( 'Engaged Sessions', 'monsterinsights-reports' ) ),
			new Column( 'pages_per_sessions', __( 'Pages / Session', 'monsterinsights-reports' ) ),
			new Column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
			new Column( 'conversion_rate', __( 'Conversion Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
			new Column( 'revenue', __( 'Revenue', 'monsterinsights-reports' ), ColumnType::Money ),
		);
	}

	/**
	 * One of the metric columns, for a table that shows it among others.
	 *
	 * @param string $id The column's id.
	 * @throws \InvalidArgumentException For an id that is not one of them.
	 */
	public static function column( string $id ): Column {
		foreach ( self::columns() as $column ) {
			if ( $id === $column->id ) {
				return $column;
			}
		}
		throw new \InvalidArgumentException( 'Unknown acquisition column: ' . esc_html( $id ) );
	}

	/**
	 * The metric cells of a row.
	 *
	 * @param array<string, int|float> $metrics The row's metrics.
	 * @return array<string, int|float>
	 */
	public static function cells( array $metrics ): array {
		$sessions  = $metrics[ Metric::SESSIONS ] ?? 0;
		$purchases = $metrics[ Metric::ECOMMERCE_PURCHASES ] ?? 0;
		return array(
			'sessions'           => $sessions,
			'engaged_sessions'   => $metrics[ Metric::ENGAGED_SESSIONS ] ?? 0,
			'pages_per_sessions' => $metrics[ Metric::SCREEN_PAGE_VIEWS_PER_SESSION ] ?? 0,
			'purchases'          => $purchases,
			'conversion_rate'    => Metrics::percent( $purchases, $sessions ),
			'revenue'            => $metrics[ Metric::TOTAL_REVENUE ] ?? 0,
		);
	}

	/**
	 * A details table: name column, then the metric columns, most sessions first.
	 *
	 * @param Column   $name       The name column.
	 * @param string[] $dimensions The dimensions a row is grouped by.
	 * @param \Closure $label      ( dimension values ) → the name cell, or null to leave the row out.
	 * @param Filter[] $filters    Filters.
	 * @phpstan-param \Closure( array<string, string> ): ?string $label
	 */
	public static function table( Column $name, array $dimensions, \Closure $label, array $filters = array() ): Table {
		return self::shop_only(
			Table::of_rows(
				array_merge( array( $name ), self::columns() ),
				$dimensions,
				self::METRICS,
				static function ( array $row ) use ( $name, $label ): ?array {
					$cell = $label( $row['dimensions'] );
					return null === $cell ? null : array( $name->id => $cell ) + self::cells( $row['metrics'] );
				},
				'sessions',
				$filters
			)
		);
	}
}
