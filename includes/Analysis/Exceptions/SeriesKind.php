<?php
/**
 * Whether a series the exception detector watches is a count or a rate.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Analysis\Exceptions;

defined( 'ABSPATH' ) || exit;

/**
 * A count reads a day without a value as 0; a rate has a value only for the days whose base is
 * known (Series).
 */
enum SeriesKind {

	case Count;
	case Rate;
}
