<?php
/**
 * The User Journey report (docs/product-rules.md#user-journey).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\TopList;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\ListsJourneys;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The shop's paid orders of the range, newest first, PER_PAGE a page: each with its transaction id,
 * the link that edits it in the shop, when it was paid, its source, medium and campaign, its total
 * in the shop's currency and the pages its visitor saw before buying (the steps: title, url, time
 * on page in seconds, date, and the source, medium and campaign of the step's visit). Filtered by
 * a transaction id (`search`), a source, a medium and a campaign (`sources`, `mediums`,
 * `campaigns`: one value each, '' for all). The orders are the shop capture's (Sources\ListsJourneys),
 * whichever source is active.
 *
 * Needs the User Journey module, the eCommerce module and a shop plugin (WooCommerce or Easy
 * Digital Downloads): without one of them the route answers 400 with the code saying which
 * (user_journey_inactive, ecommerce_inactive, no_shop), after the licence gate. Never cached: an
 * order changes in the shop, not with the aggregation.
 */
final class UserJourney implements Report, HasParams, Unavailable {

	use RegistryName;
	use Uncached;
	use WithoutTables;

	/**
	 * Orders a page.
	 */
	public const PER_PAGE = 10;

	/**
	 * The module of the report.
	 */
	public const MODULE = 'user-journey';

	/**
	 * The report's parameters beyond the dates.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function params(): array {
		$attribute = static fn( string $description ): array => array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => 191,
			'default'     => '',
		);
		return array(
			'search'    => array(
				'description' => __( 'A transaction ID: only that order.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'maxLength'   => 64,
				'default'     => '',
			),
			'sources'   => $attribute( __( 'Only orders from this source; empty for all.', 'monsterinsights-reports' ) ),
			'mediums'   => $attribute( __( 'Only orders from this medium; empty for all.', 'monsterinsights-reports' ) ),
			'campaigns' => $attribute( __( 'Only orders from this campaign; empty for all.', 'monsterinsights-reports' ) ),
			'page'      => array(
				/* translators: %d: orders a page. */
				'description' => sprintf( __( 'Page of the orders, from 1 (%d orders a page).', 'monsterinsights-reports' ), self::PER_PAGE ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100000,
				'default'     => 1,
			),
		);
	}

	/**
	 * Why the report cannot be shown: a module off, no shop plugin, or a source that keeps no
	 * journeys (the google source: GA4 reports no pages per order, and the built-in collector that
	 * ties an order to its buyer's pages does not record while google is active).
	 *
	 * @param Source $source The active source.
	 */
	public function unavailable( Source $source ): ?\WP_Error {
		if ( ! Modules::is_active( self::MODULE ) ) {
			return new \WP_Error( 'user_journey_inactive', __( 'Please activate the User Journey addon to view User journey reports.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		if ( ! Modules::is_active( Shop::MODULE ) ) {
			return new \WP_Error( 'ecommerce_inactive', __( 'Please activate the eCommerce addon to view User journey reports.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		if ( null === Shop::current() ) {
			return new \WP_Error( 'no_shop', __( 'Please install and activate WooCommerce or Easy Digital Downloads to view User journey reports.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		if ( ! $source instanceof ListsJourneys ) {
			return new \WP_Error( 'journeys_not_recorded', __( 'User journeys come from the built-in analytics, which ties each order to the pages its buyer saw. Google Analytics does not report pages per order: choose the built-in analytics as the data source in Settings to record them.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
		}
		return null;
	}

	/**
	 * The payload's JSON schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object(
			array(
				'items'      => Schema::list_of(
					Schema::object(
						array(
							'transaction_id' => Schema::text(),
							'edit_order_url' => Schema::text(),
							'purchase_date'  => Schema::text(),
							'utm_campaign'   => Schema::text(),
							'utm_medium'     => Schema::text(),
							'utm_source'     => Schema::text(),
							'order_total'    => Schema::text(),
							'steps'          => Schema::list_of(
								Schema::object(
									array(
										'title'        => Schema::text(),
										'url'          => Schema::text(),
										'time'         => array( 'type' => 'integer' ),
										'date'         => Schema::text(),
										'utm_source'   => Schema::text(),
										'utm_medium'   => Schema::text(),
										'utm_campaign' => Schema::text(),
									)
								)
							),
						)
					)
				),
				'pagination' => Schema::object(
					array(
						'page'  => array( 'type' => 'integer' ),
						'pages' => array( 'type' => 'integer' ),
					)
				),
				'demo'       => array( 'type' => 'boolean' ),
			)
		);
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Lists the orders.
	 * @param ReportRequest $request The range, the page and the filters.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$page  = max( 1, $request->page );
		$shop  = Shop::current();
		$found = array(
			'rows'  => array(),
			'total' => 0,
		);
		if ( null !== $shop && $source instanceof ListsJourneys ) {
			$found = $source->journeys(
				$shop['platform'],
				$request->range,
				array(
					'search'   => $request->search,
					'source'   => $request->param( 'sources' ),
					'medium'   => $request->param( 'mediums' ),
					'campaign' => $request->param( 'campaigns' ),
				),
				$page,
				self::PER_PAGE
			);
		}
		$currency = null === $shop ? '' : $shop['currency']['code'];
		return array(
			'items'      => array_map( static fn( array $row ): array => self::item( $row, $currency ), $found['rows'] ),
			'pagination' => array(
				'page'  => $page,
				'pages' => (int) ceil( $found['total'] / self::PER_PAGE ),
			),
			'demo'       => false,
		);
	}

	/**
	 * One order of the payload.
	 *
	 * @param array{shop: string, order_id: int, moment: int, currency: string, total: string, source: string, medium: string, campaign: string, steps: list<array{ts: int, path: string, object_id: int, seconds: int, source: string, medium: string, campaign: string}>} $row      The order.
	 * @param string                                                                                                                                                                                                                                                        $currency The shop's currency code.
	 * @return array<string, mixed>
	 */
	private static function item( array $row, string $currency ): array {
		list( $transaction, $edit ) = self::order_links( $row['shop'], $row['order_id'] );
		$total                      = (float) $row['total'];
		// The order's own currency when the shop sells in another one than its own.
		$money = $row['currency'] === $currency || '' === $row['currency'] ? Shop::money( $total ) : number_format_i18n( $total, 2 ) . "\u{00A0}" . $row['currency'];
		return array(
			'transaction_id' => $transaction,
			'edit_order_url' => $edit,
			'purchase_date'  => (string) wp_date( 'Y-m-d H:i:s', $row['moment'] ),
			'utm_campaign'   => $row['campaign'],
			'utm_medium'     => $row['medium'],
			'utm_source'     => $row['source'],
			// HTML, as the product has it: the shop's money as escaped text.
			'order_total'    => esc_html( $money ),
			'steps'          => array_map(
				static function ( array $step ): array {
					$title = $step['object_id'] > 0 ? html_entity_decode( get_the_title( $step['object_id'] ), ENT_QUOTES, 'UTF-8' ) : '';
					return array(
						'title'        => TopList::page_title( $title, $step['path'] ),
						'url'          => home_url( $step['path'] ),
						'time'         => $step['seconds'],
						'date'         => (string) wp_date( 'Y-m-d H:i:s', $step['ts'] ),
						'utm_source'   => $step['source'],
						'utm_medium'   => $step['medium'],
						'utm_campaign' => $step['campaign'],
					);
				},
				$row['steps']
			),
		);
	}

	/**
	 * The transaction id the shop shows for an order and the admin link that edits it: WooCommerce's
	 * order number and its edit screen (HPOS or not), Easy Digital Downloads' order details.
	 *
	 * @param string $shop     The shop plugin.
	 * @param int    $order_id The order.
	 * @return array{0: string, 1: string}
	 */
	private static function order_links( string $shop, int $order_id ): array {
		if ( 'woocommerce' === $shop && function_exists( 'wc_get_order' ) ) {
			$order = wc_get_order( $order_id );
			if ( $order instanceof \WC_Order ) {
				return array( (string) $order->get_order_number(), (string) $order->get_edit_order_url() );
			}
		}
		if ( 'edd' === $shop && function_exists( 'edd_get_order' ) ) {
			return array( (string) $order_id, admin_url( 'edit.php?post_type=download&page=edd-payment-history&view=view-order-details&id=' . $order_id ) );
		}
		return array( (string) $order_id, '' );
	}
}
