<?php
/**
 * A source that lists shop orders with the journeys of their visitors.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\DateRange;

defined( 'ABSPATH' ) || exit;

/**
 * The User Journey report asks the active source for its orders. The orders come from the shop
 * capture (shop_orders and their journeys, Sources\Builtin\Answers\JourneyAnswers) whichever source
 * answers the other reports, so every source can hand this to JourneyAnswers.
 *
 * A journey row: shop (woocommerce, edd), order_id, moment (Unix time the order was paid, else
 * placed), currency, total (decimal string), source, medium, campaign (the order's attribution;
 * '' for none) and steps, oldest first: ts (Unix time), path, object_id (the post the path showed,
 * 0 for none), seconds (time on the page), and the step's session's source, medium and campaign.
 *
 * @phpstan-type JourneyStep array{ts: int, path: string, object_id: int, seconds: int, source: string, medium: string, campaign: string}
 * @phpstan-type JourneyRow array{shop: string, order_id: int, moment: int, currency: string, total: string, source: string, medium: string, campaign: string, steps: list<JourneyStep>}
 * @phpstan-type JourneyFilter array{search: string, source: string, medium: string, campaign: string}
 */
interface ListsJourneys {

	/**
	 * A page of the paid orders of the shop whose day is in the range, newest first, with their
	 * journeys.
	 *
	 * @param string    $shop     The shop plugin (Settings\Shop::platform()).
	 * @param DateRange $range    The range.
	 * @param array     $filter   The order id searched ('' for any) and the source, medium and campaign of the order ('' for any).
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Orders a page.
	 * @phpstan-param JourneyFilter $filter
	 * @return array{rows: list<JourneyRow>, total: int}
	 */
	public function journeys( string $shop, DateRange $range, array $filter, int $page, int $per_page ): array;

	/**
	 * The sources, mediums and campaigns of the shop's paid orders, each sorted, without ''.
	 *
	 * @param string $shop The shop plugin.
	 * @return array{sources: list<string>, mediums: list<string>, campaigns: list<string>}
	 */
	public function journey_filters( string $shop ): array;
}
