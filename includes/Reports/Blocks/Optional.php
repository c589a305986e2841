<?php
/**
 * A block whose key is left out when it has nothing.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * ComposedReport leaves this block's key out of the payload when its part is an empty array (the
 * schema still declares it): the compare parts without a compare range, the source's links when it
 * has none.
 */
interface Optional extends Block {}
