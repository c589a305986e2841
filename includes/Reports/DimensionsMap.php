<?php
/**
 * The Dimensions report's map of dimensions.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Dimensions report's `dimensions` map (label, name, id, enabled, tooltip), by the dimension's
 * key, in display order: `label` the table's title, `name` the dimension's name (the first column;
 * the MISSING_CUSTOM_DIMENSION text names it), `id` the key, `enabled` whether the setting shows
 * it.
 */
final class DimensionsMap implements Block {

	/**
	 * Every dimension.
	 *
	 * @param Source        $source  Unused.
	 * @param ReportRequest $request Unused.
	 * @return array<string, array{label: string, name: string, id: string, enabled: bool, tooltip: string}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		unset( $source, $request );
		$chosen = CustomDimensions::chosen();
		$out    = array();
		foreach ( CustomDimensions::labels() as $key => $labels ) {
			$out[ $key ] = array(
				'label'   => $labels['title'],
				'name'    => $labels['column'],
				'id'      => $key,
				'enabled' => in_array( $key, $chosen, true ),
				'tooltip' => $labels['tooltip'],
			);
		}
		return $out;
	}

	/**
	 * The map's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$entry = Schema::object(
			array(
				'label'   => Schema::text(),
				'name'    => Schema::text(),
				'id'      => Schema::text(),
				'enabled' => array( 'type' => 'boolean' ),
				'tooltip' => Schema::text(),
			)
		);
		return Schema::object( array_fill_keys( CustomDimensions::keys(), $entry ) );
	}
}
