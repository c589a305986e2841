<?php
/**
 * A source whose money is in a currency of its own.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by the google source: GA4 reports revenue in the property's currency, whatever the
 * shop sells in. While such a source is active, Settings\Shop gives the reports that currency
 * (the shop's symbol, decimals and position when the codes are the same). A source that does not
 * implement it reports money in the shop's own currency (the builtin source records the orders).
 */
interface HasCurrency {

	/**
	 * The ISO 4217 code of the currency the source's money is in, or '' while it does not know it.
	 */
	public function currency(): string;
}
