<?php
/**
 * JSON-schema building blocks for report payloads.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * Small helpers so each report describes its payload in a few lines.
 */
final class Schema {

	/**
	 * An object with these properties. Every property is always present, except the optional ones
	 * (a compare range's part, left out without one): when there are any, `required` lists the
	 * others.
	 *
	 * @param array<int|string, mixed> $properties Properties (numeric keys are object keys too).
	 * @param string[]                 $optional   The properties a payload may leave out.
	 * @return array<string, mixed>
	 */
	public static function object( array $properties, array $optional = array() ): array {
		$schema = array(
			'type'       => 'object',
			'properties' => $properties,
		);
		if ( array() !== $optional ) {
			$schema['required'] = array_values( array_diff( array_map( 'strval', array_keys( $properties ) ), $optional ) );
		}
		return $schema;
	}

	/**
	 * A list of items.
	 *
	 * @param array<string, mixed> $items Item schema.
	 * @return array<string, mixed>
	 */
	public static function list_of( array $items ): array {
		return array(
			'type'  => 'array',
			'items' => $items,
		);
	}

	/**
	 * A number.
	 *
	 * @return array<string, mixed>
	 */
	public static function number(): array {
		return array( 'type' => 'number' );
	}

	/**
	 * A number or null (compare columns when not comparing).
	 *
	 * @return array<string, mixed>
	 */
	public static function number_or_null(): array {
		return array( 'type' => array( 'number', 'null' ) );
	}

	/**
	 * The site notes of a chart's range, as Notes\Module::chart_notes() adds them to the
	 * `monsterinsights_reports_chart_notes` filter: the day (Y-m-d) and the Unix time of its start
	 * in the site's timezone, the category's colour and name (empty without one).
	 *
	 * @return array<string, mixed>
	 */
	public static function chart_notes(): array {
		return self::list_of(
			self::object(
				array(
					'id'        => array( 'type' => 'integer' ),
					'title'     => self::text(),
					'date'      => self::text(),
					'timestamp' => array( 'type' => 'integer' ),
					'color'     => self::text(),
					'category'  => self::text(),
					'important' => array( 'type' => 'boolean' ),
				)
			)
		);
	}

	/**
	 * A string.
	 *
	 * @return array<string, mixed>
	 */
	public static function text(): array {
		return array( 'type' => 'string' );
	}
}
