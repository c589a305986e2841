<?php
/**
 * The Overview report (docs/product-rules.md#overview).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\ChartOverlay;
use MonsterInsights\Reports\Reports\Blocks\Compare;
use MonsterInsights\Reports\Reports\Blocks\InfoBoxes;
use MonsterInsights\Reports\Reports\Blocks\Links;
use MonsterInsights\Reports\Reports\Blocks\MetricGraph;
use MonsterInsights\Reports\Reports\Blocks\Percents;
use MonsterInsights\Reports\Reports\Blocks\TopList;

defined( 'ABSPATH' ) || exit;

/**
 * Info boxes, the metric graph, new vs returning and device percents, the top countries, referring
 * sites and landing pages, the chart overlay flag, the compare range's graph and devices, and the
 * source's links, as blocks in the payload's order.
 *
 * The parts that combine others are blocks too: `show_chart_overlay` (ChartOverlay) and `compare`
 * (Compare of the graph's compare-range graph and the compare range's devices) read the graph's
 * series through the report's asked(), so one series query answers all three; `compare` and
 * `galinks` are Optional, left out without a compare range or links. One override only: schema()
 * keeps the properties in the order the schema has always listed them (compare after
 * overviewgraph, galinks before show_chart_overlay), which differs from the payload's.
 */
final class Overview extends ComposedReport {

	use RegistryName;

	public const TOP_LIST  = 10;
	public const TOP_PAGES = 50;
	public const DEVICES   = array( 'desktop', 'tablet', 'mobile' );

	/**
	 * The schema's order of the payload keys.
	 */
	private const SCHEMA_ORDER = array( 'infobox', 'overviewgraph', 'compare', 'newvsreturn', 'devices', 'countries', 'referrals', 'toppages', 'galinks', 'show_chart_overlay' );


	/**
	 * The blocks by payload key, in the payload's order.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$graph = new MetricGraph( $this->asked() );
		return array(
			'infobox'            => new InfoBoxes(),
			'overviewgraph'      => $graph,
			'newvsreturn'        => new Percents( Dimension::NEW_VS_RETURNING, array( 'new', 'returning' ), Percents::WITH_COMPARE ),
			'devices'            => new Percents( Dimension::DEVICE_CATEGORY, self::DEVICES ),
			'countries'          => new TopList(
				array( Dimension::COUNTRY_ID ),
				self::TOP_LIST,
				array(
					'name' => Schema::text(),
					'iso'  => Schema::text(),
				),
				static function ( array $values ): array {
					$iso = $values[ Dimension::COUNTRY_ID ] ?? '';
					return array(
						'name'      => CountryNames::name( $iso ),
						'iso'       => $iso,
						'page_path' => '',
					);
				}
			),
			'referrals'          => new TopList(
				array( Dimension::SESSION_SOURCE ),
				self::TOP_LIST,
				array( 'url' => Schema::text() ),
				static fn( array $values ): array => array(
					'url'       => $values[ Dimension::SESSION_SOURCE ] ?? '',
					'page_path' => '',
				),
				array( new Filter( Dimension::SESSION_MEDIUM, Filter::EXACT, 'referral' ) )
			),
			'toppages'           => new TopList(
				array( Dimension::LANDING_PAGE, Dimension::PAGE_TITLE ),
				self::TOP_PAGES,
				array(
					'title'    => Schema::text(),
					'url'      => Schema::text(),
					'hostname' => Schema::text(),
				),
				static function ( array $values ): array {
					$path = $values[ Dimension::LANDING_PAGE ] ?? '/';
					return array(
						'title'     => TopList::page_title( $values[ Dimension::PAGE_TITLE ] ?? '', $path ),
						'url'       => home_url( $path ),
						'hostname'  => (string) wp_parse_url( home_url(), PHP_URL_HOST ),
						'page_path' => $path,
					);
				}
			),
			'show_chart_overlay' => new ChartOverlay( $graph ),
			'compare'            => new Compare(
				array(
					'overviewgraph' => $graph->of_compare(),
					'devices'       => new Percents( Dimension::DEVICE_CATEGORY, self::DEVICES, Percents::COMPARE_RANGE ),
				)
			),
			'galinks'            => new Links( $this->name(), array( 'countries', 'referrals', 'topposts' ) ),
		);
	}

	/**
	 * The blocks' schemas in the schema's order.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$schema               = parent::schema();
		$schema['properties'] = array_merge( array_fill_keys( self::SCHEMA_ORDER, array() ), $schema['properties'] );
		return $schema;
	}
}
