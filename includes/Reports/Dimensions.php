<?php
/**
 * The Dimensions report (docs/product-rules.md#dimensions-forms-and-media).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * One table per custom dimension (Settings\CustomDimensions), each with the dimension's value
 * (`label`) and its page views in the range (`pageview`), and the `dimensions` map:
 * every dimension's `label` (the table's title), `name`, `id`, `enabled` (the setting) and
 * `tooltip`. The app shows a table for each enabled dimension.
 *
 * Each table also carries an `error` (docs/product-rules.md#empty-states-and-errors): null, or
 * `{ code: MISSING_CUSTOM_DIMENSION, data: the dimension's name }` for an enabled dimension while
 * the `dimensions` module is off (nothing is recorded nor read then, and the tables are empty), or
 * that the source does not know (Source::supports(): on the google source, a custom dimension the
 * GA4 property has not registered; its table is then empty and not asked).
 */
final class Dimensions extends ComposedReport {

	use RegistryName;

	/**
	 * The error of a dimension that is not set up.
	 */
	public const MISSING = 'MISSING_CUSTOM_DIMENSION';

	/**
	 * The map and the seven tables.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$blocks = array( 'dimensions' => new DimensionsMap() );
		$labels = CustomDimensions::labels();
		foreach ( CustomDimensions::DIMENSIONS as $key => $dimension ) {
			$blocks[ $key ] = new Table(
				array(
					new Column( 'label', $labels[ $key ]['column'], ColumnType::Text ),
					new Column( 'pageview', __( 'Views', 'monsterinsights-reports' ) ),
				),
				static function ( Source $source, ReportRequest $request ) use ( $key, $dimension ): array {
					if ( ! in_array( $key, CustomDimensions::enabled(), true ) || ! $source->supports( $dimension ) ) {
						return array();
					}
					$rows = array();
					foreach ( Rows::of( $source, $request, array( $dimension ), array( Metric::SCREEN_PAGE_VIEWS ) ) as $row ) {
						$views = (int) ( $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0 );
						if ( $views > 0 ) {
							$rows[] = array(
								'label'    => self::label( $key, $row['dimensions'][ $dimension ] ?? '' ),
								'pageview' => $views,
							);
						}
					}
					return $rows;
				},
				'pageview'
			);
		}
		return $blocks;
	}

	/**
	 * The payload: every block's part, and each table's error.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request The ranges and table parameters.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$payload = parent::build( $source, $request );
		$active  = Modules::is_active( 'dimensions' );
		$chosen  = CustomDimensions::chosen();
		foreach ( CustomDimensions::keys() as $key ) {
			$missing                  = in_array( $key, $chosen, true ) && ( ! $active || ! $source->supports( CustomDimensions::DIMENSIONS[ $key ] ) );
			$payload[ $key ]['error'] = $missing
				? array(
					'code' => self::MISSING,
					'data' => $payload['dimensions'][ $key ]['name'],
				)
				: null;
		}
		return $payload;
	}

	/**
	 * The payload's schema: the blocks', each table with its error.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$schema = parent::schema();
		$error  = array(
			'type'       => array( 'object', 'null' ),
			'properties' => array(
				'code' => Schema::text(),
				'data' => Schema::text(),
			),
		);
		foreach ( CustomDimensions::keys() as $key ) {
			$schema['properties'][ $key ]['properties']['error'] = $error;
		}
		return $schema;
	}

	/**
	 * A dimension value as a row shows it: post types and roles by their names, the login state
	 * as Logged in / Logged out.
	 *
	 * @param string $key   The dimension's key.
	 * @param string $value The source's value.
	 */
	public static function label( string $key, string $value ): string {
		switch ( $key ) {
			case 'post_type':
				$type = get_post_type_object( $value );
				return null !== $type ? html_entity_decode( (string) $type->labels->singular_name, ENT_QUOTES, 'UTF-8' ) : $value;
			case 'logged_in':
				return 'true' === $value ? __( 'Logged in', 'monsterinsights-reports' ) : __( 'Logged out', 'monsterinsights-reports' );
			case 'user_role':
				if ( '' === $value ) {
					return __( 'Logged out', 'monsterinsights-reports' );
				}
				if ( '-' === $value ) {
					return __( 'No role', 'monsterinsights-reports' );
				}
				$names = wp_roles()->get_names();
				return isset( $names[ $value ] ) ? translate_user_role( $names[ $value ] ) : $value;
		}
		return $value;
	}
}
