<?php
/**
 * A report that has nothing to show without a shop.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * The eCommerce reports: without an active shop (Settings\Shop::active(): WooCommerce or Easy
 * Digital Downloads active and the eCommerce module on) their route answers 400 `no_shop` with
 * what is missing, which the app shows as a notice instead of empty numbers.
 */
interface NeedsShop extends Report {}
