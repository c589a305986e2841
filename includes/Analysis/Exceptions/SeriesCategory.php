<?php
/**
 * The category of a series the exception detector watches.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Analysis\Exceptions;

defined( 'ABSPATH' ) || exit;

/**
 * The Exceptions report's tabs; the value is what the `exceptions` table and the payload hold.
 */
enum SeriesCategory: string {

	case Engagement = 'engagement';
	case Ecommerce  = 'ecommerce';
	case Marketing  = 'marketing';
}
