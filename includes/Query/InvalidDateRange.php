<?php
/**
 * Thrown for a date range the product refuses.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * A malformed date or a range outside 2005-01-01 … today. REST answers 400 `invalid_date_range`.
 */
final class InvalidDateRange extends \InvalidArgumentException {
}
