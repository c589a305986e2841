<?php
/**
 * The Country report (docs/product-rules.md#traffic-publishers-and-pages).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\AcquisitionTable;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Supports;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The chart and the country table: name (in the user's language), sessions, engaged sessions,
 * bounce rate and purchases (with a shop only: Settings\Shop); each row carries its ISO code for the flag and, when the source knows
 * regions (the builtin source with a city-level database), its regions as children.
 */
final class CountriesReport extends ComposedReport {

	use RegistryName;

	private const METRICS = array( Metric::SESSIONS, Metric::ENGAGED_SESSIONS, Metric::BOUNCE_RATE, Metric::ECOMMERCE_PURCHASES );

	/**
	 * The blocks.
	 *
	 * @return array<string, \MonsterInsights\Reports\Reports\Blocks\Block>
	 */
	protected function blocks(): array {
		return array(
			'chart'     => new Chart(),
			'regions'   => new Supports( Dimension::REGION ),
			'countries' => AcquisitionTable::shop_only(
				( new Table(
					array(
						new Column( 'name', __( 'Country', 'monsterinsights-reports' ), ColumnType::Text ),
						new Column( 'sessions', __( 'Sessions', 'monsterinsights-reports' ) ),
						new Column( 'engagedSessions', __( 'Engaged Sessions', 'monsterinsights-reports' ) ),
						new Column( 'bounceRate', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
						new Column( 'purchases', __( 'Purchases', 'monsterinsights-reports' ) ),
					),
					static function ( Source $source, ReportRequest $request ): array {
						$regions = $source->supports( Dimension::REGION ) ? self::regions( $source, $request ) : array();
						$rows    = array();
						foreach ( Rows::of( $source, $request, array( Dimension::COUNTRY_ID, Dimension::COUNTRY ), self::METRICS ) as $row ) {
							$iso = $row['dimensions'][ Dimension::COUNTRY_ID ] ?? '';
							$out = array(
								'name' => $row['dimensions'][ Dimension::COUNTRY ] ?? '',
								'iso'  => $iso,
							) + self::cells( $row['metrics'] );
							if ( isset( $regions[ $iso ] ) ) {
								$out['children'] = $regions[ $iso ];
							}
							$rows[] = $out;
						}
						return $rows;
					},
					'sessions'
				) )->with_row_keys( array( 'iso' => Schema::text() ) )->with_children()
			),
		);
	}

	/**
	 * The metric cells of a country or region row.
	 *
	 * @param array<string, int|float> $metrics The row's metrics.
	 * @return array<string, int|float>
	 */
	private static function cells( array $metrics ): array {
		return array(
			'sessions'        => $metrics[ Metric::SESSIONS ] ?? 0,
			'engagedSessions' => $metrics[ Metric::ENGAGED_SESSIONS ] ?? 0,
			'bounceRate'      => $metrics[ Metric::BOUNCE_RATE ] ?? 0,
			'purchases'       => $metrics[ Metric::ECOMMERCE_PURCHASES ] ?? 0,
		);
	}

	/**
	 * Each country's regions, most sessions first; a session whose region is unknown counts
	 * under "(not set)".
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, list<array<string, int|float|string>>>
	 */
	private static function regions( Source $source, ReportRequest $request ): array {
		$rows = Rows::of( $source, new ReportRequest( $request->range ), array( Dimension::REGION, Dimension::COUNTRY_ID ), self::METRICS );
		usort(
			$rows,
			static function ( array $a, array $b ): int {
				$cmp = ( $b['metrics'][ Metric::SESSIONS ] ?? 0 ) <=> ( $a['metrics'][ Metric::SESSIONS ] ?? 0 );
				return 0 !== $cmp ? $cmp : strcmp( $a['dimensions'][ Dimension::REGION ] ?? '', $b['dimensions'][ Dimension::REGION ] ?? '' );
			}
		);
		$out = array();
		foreach ( $rows as $row ) {
			$region = $row['dimensions'][ Dimension::REGION ] ?? '';
			$out[ $row['dimensions'][ Dimension::COUNTRY_ID ] ?? '' ][] = array( 'name' => '' === $region ? __( '(not set)', 'monsterinsights-reports' ) : $region ) + self::cells( $row['metrics'] );
		}
		return $out;
	}
}
