<?php
/**
 * The Forms report (docs/product-rules.md#dimensions-forms-and-media).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Compare;
use MonsterInsights\Reports\Reports\Blocks\Links;
use MonsterInsights\Reports\Reports\Blocks\MetricGraph;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\MissingDimensions;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Forms Overview Report:
 * - `chart`: sessions and page views by day with trend points, site notes and the compare range
 *   (the Sessions and Pageviews tabs);
 * - `overviewgraph`: form impressions and conversions by day, each with datapoints, trend points
 *   and total (the Form Impressions and Form Completions tabs), and `compare.overviewgraph` the
 *   compare range's;
 * - `forms`: every form with impressions, conversions and conversion rate (conversions per
 *   impression, percent); `forms_source_medium` and `forms_campaign` the same by the source /
 *   medium and the campaign of the sessions (the breakdown). The first column is the form's name
 *   when its plugin knows it, else its id (FormNames);
 * - `missing_dimensions`: ['form_id'] when the source does not know the form id (a GA4 property
 *   without the customEvent:form_id custom dimension), the tables then empty; else [];
 * - `galinks`: where the source shows the forms' events in full (left out when it has no such screen).
 */
final class Forms extends ComposedReport {

	use RegistryName;

	/**
	 * The graph's ids and their metrics.
	 */
	public const GRAPH = array(
		'impressions' => Metric::FORM_IMPRESSIONS,
		'conversions' => Metric::FORM_CONVERSIONS,
	);

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$graph = MetricGraph::of( $this->asked(), self::GRAPH );
		return array(
			'chart'               => new Chart(),
			'overviewgraph'       => $graph,
			'forms'               => self::table( null ),
			'forms_source_medium' => self::table( new Column( 'source_medium', __( 'Source / Medium', 'monsterinsights-reports' ), ColumnType::Text ) ),
			'forms_campaign'      => self::table( new Column( 'campaign', __( 'Campaign', 'monsterinsights-reports' ), ColumnType::Text ) ),
			'compare'             => new Compare( array( 'overviewgraph' => $graph->of_compare() ) ),
			'missing_dimensions'  => new MissingDimensions( array( 'form_id' => Dimension::FORM_ID ) ),
			'galinks'             => new Links( $this->name(), array( 'forms' ) ),
		);
	}

	/**
	 * A forms table, by form alone or by form and a breakdown.
	 *
	 * @param Column|null $breakdown The breakdown's column (source_medium or campaign), null for none.
	 */
	private static function table( ?Column $breakdown ): Table {
		$columns = array( new Column( 'id', __( 'Form Name or ID', 'monsterinsights-reports' ), ColumnType::Text ) );
		if ( null !== $breakdown ) {
			$columns[] = $breakdown;
		}
		$columns[] = new Column( 'impressions', __( 'Impressions', 'monsterinsights-reports' ) );
		$columns[] = new Column( 'conversions', __( 'Conversions', 'monsterinsights-reports' ) );
		$columns[] = new Column( 'conversionrate', __( 'Conversion Rate', 'monsterinsights-reports' ), ColumnType::Percent );
		$by        = null === $breakdown ? null : $breakdown->id;
		return new Table(
			$columns,
			static function ( Source $source, ReportRequest $request ) use ( $by ): array {
				$dimensions = match ( $by ) {
					'source_medium' => array( Dimension::FORM_ID, Dimension::SESSION_SOURCE, Dimension::SESSION_MEDIUM ),
					'campaign'      => array( Dimension::FORM_ID, Dimension::SESSION_CAMPAIGN ),
					default         => array( Dimension::FORM_ID ),
				};
				$names = array();
				$rows  = array();
				foreach ( Rows::of( $source, $request, $dimensions, Metric::FORM_METRICS ) as $row ) {
					$id             = $row['dimensions'][ Dimension::FORM_ID ] ?? '';
					$names[ $id ] ??= FormNames::label( $id );
					$out            = array( 'id' => $names[ $id ] );
					if ( 'source_medium' === $by ) {
						$medium               = $row['dimensions'][ Dimension::SESSION_MEDIUM ] ?? '';
						$out['source_medium'] = ( $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '' ) . ' / ' . ( '' !== $medium ? $medium : '(none)' );
					} elseif ( 'campaign' === $by ) {
						$campaign        = $row['dimensions'][ Dimension::SESSION_CAMPAIGN ] ?? '';
						$out['campaign'] = '' !== $campaign ? $campaign : '(not set)';
					}
					$out['impressions']    = (int) ( $row['metrics'][ Metric::FORM_IMPRESSIONS ] ?? 0 );
					$out['conversions']    = (int) ( $row['metrics'][ Metric::FORM_CONVERSIONS ] ?? 0 );
					$out['conversionrate'] = $row['metrics'][ Metric::FORM_CONVERSION_RATE ] ?? 0;
					$rows[]                = $out;
				}
				return $rows;
			},
			'impressions'
		);
	}
}
