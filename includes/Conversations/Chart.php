<?php
/**
 * Conversations AI: the chart of an answer.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

defined( 'ABSPATH' ) || exit;

/**
 * A chart built from a run_query result's rows, never from the model's text: `{type, seriesName,
 * data: [{value, label}]}`, the first metric's values (the series named by its label), each row
 * labelled by its dimension values joined with " / ", at most MAX_ROWS rows. A query without
 * dimensions charts its total.
 */
final class Chart {

	/**
	 * The most slices or bars.
	 */
	public const MAX_ROWS = 10;

	/**
	 * The metrics whose rows add up to their total: counts and sums, not rates, averages or users
	 * (a user can be in several rows).
	 */
	private const ADDITIVE = array(
		'sessions',
		'screenPageViews',
		'engagedSessions',
		'ecommercePurchases',
		'totalRevenue',
		'eventCount',
		'exits',
		'formImpressions',
		'formConversions',
		'videoStarts',
		'itemsPurchased',
		'itemRevenue',
		'addToCarts',
		'checkouts',
	);

	/**
	 * The chart of a result.
	 *
	 * @param string                                                                                  $type       pie, donut or bar.
	 * @param string                                                                                  $metric     The metric charted.
	 * @param string[]                                                                                $dimensions The query's dimensions.
	 * @param array<string, int|float>                                                                $totals     The result's totals.
	 * @param array<int, array{dimensions: array<string, string>, metrics: array<string, int|float>}> $rows       The result's rows.
	 * @return array{type: string, seriesName: string, data: list<array{value: int|float, label: string}>}
	 */
	public static function from_rows( string $type, string $metric, array $dimensions, array $totals, array $rows ): array {
		$label = Catalog::metric_label( $metric );
		$data  = array();
		if ( array() === $dimensions ) {
			$data[] = array(
				'value' => $totals[ $metric ] ?? 0,
				'label' => $label,
			);
		}
		foreach ( array_slice( array() === $dimensions ? array() : $rows, 0, self::MAX_ROWS ) as $row ) {
			$parts = array();
			foreach ( $dimensions as $dimension ) {
				$value   = (string) ( $row['dimensions'][ $dimension ] ?? '' );
				$parts[] = '' === $value ? __( '(not set)', 'monsterinsights-reports' ) : $value;
			}
			$data[] = array(
				'value' => $row['metrics'][ $metric ] ?? 0,
				'label' => implode( ' / ', $parts ),
			);
		}
		if ( array() !== $dimensions && 'bar' !== $type && in_array( $metric, self::ADDITIVE, true ) && isset( $totals[ $metric ] ) ) {
			$rest = $totals[ $metric ] - array_sum( array_column( $data, 'value' ) );
			if ( $rest > 0 ) {
				$data[] = array(
					'value' => is_float( $rest ) ? round( $rest, 2 ) : $rest,
					'label' => __( 'Other', 'monsterinsights-reports' ),
				);
			}
		}
		return array(
			'type'       => $type,
			'seriesName' => $label,
			'data'       => $data,
		);
	}

	/**
	 * The JSON schema of a chart.
	 *
	 * @return array<string, mixed>
	 */
	public static function schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'type'       => array(
					'type' => 'string',
					'enum' => Tools::CHARTS,
				),
				'seriesName' => array( 'type' => 'string' ),
				'data'       => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'value' => array( 'type' => 'number' ),
							'label' => array( 'type' => 'string' ),
						),
					),
				),
			),
		);
	}
}
