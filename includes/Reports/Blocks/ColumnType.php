<?php
/**
 * The type of a report table's column.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * How the app formats a column's values and how the table sorts them; the value is what the
 * payload says (src/types/reports.ts lists the same names).
 */
enum ColumnType: string {

	case Text     = 'text';
	case Url      = 'url';
	case Number   = 'number';
	case Percent  = 'percent';
	case Duration = 'duration';
	case Money    = 'money';
	case Change   = 'change';

	/**
	 * Every type's value, for the payload's schema.
	 *
	 * @return string[]
	 */
	public static function values(): array {
		return array_map( static fn( self $type ): string => $type->value, self::cases() );
	}
}
