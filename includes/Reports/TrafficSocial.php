<?php
/**
 * Social Media: the chart and the sessions of the social channels by network.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\AcquisitionTable;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Social Media: the chart and the social networks — the sessions of the Organic Social and Paid
 * Social channels (whose sites come from the source's list of social referrer hosts) by network,
 * every host and spelling of one network in one row (facebook.com, m.facebook.com, l.facebook.com
 * and utm_source "facebook" are Facebook; Source / Medium keeps them apart).
 */
final class TrafficSocial extends TrafficReport {

	public const SOCIAL_CHANNELS = array( 'Organic Social', 'Paid Social' );

	/**
	 * The table.
	 *
	 * @return array<string, Table>
	 */
	protected function table(): array {
		return array( 'social' => self::social() );
	}

	/**
	 * The social networks table: the social channels' sessions by source, merged by network
	 * (SocialNetworks::of(); a source of no known network is a row of its own). A network's counts
	 * are the sums of its sources'; its bounce rate is its bounces (each source's rate times its
	 * sessions) over its sessions; its conversion rate its purchases per 100 sessions.
	 */
	private static function social(): Table {
		$metrics = array_merge( AcquisitionTable::METRICS, array( Metric::BOUNCE_RATE, Metric::SCREEN_PAGE_VIEWS ) );
		$summed  = array( Metric::SESSIONS, Metric::ENGAGED_SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE );
		$filters = array( new Filter( Dimension::SESSION_CHANNEL, Filter::IN_LIST, self::SOCIAL_CHANNELS ) );
		return AcquisitionTable::shop_only(
			( new Table(
				array(
					new Column( 'network', __( 'Social Network', 'monsterinsights-reports' ), ColumnType::Text ),
					AcquisitionTable::column( 'sessions' ),
					AcquisitionTable::column( 'engaged_sessions' ),
					new Column( 'bounce_rate', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
					AcquisitionTable::column( 'purchases' ),
					AcquisitionTable::column( 'revenue' ),
					AcquisitionTable::column( 'conversion_rate' ),
				),
				static function ( Source $source, ReportRequest $request ) use ( $metrics, $summed, $filters ): array {
					$networks = array();
					foreach ( Rows::of( $source, $request, array( Dimension::SESSION_SOURCE ), $metrics, $filters ) as $row ) {
						$spelling = $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '';
						$network  = SocialNetworks::of( $spelling );
						$key      = '' !== $network ? $network : $spelling;
						$sums     = $networks[ $key ] ?? array(
							'icon'    => '' !== $network ? SocialNetworks::icon( $network ) : ( str_contains( $spelling, '.' ) ? $spelling : '' ),
							'bounces' => 0,
							'metrics' => array_fill_keys( $summed, 0 ),
						);
						foreach ( $sums['metrics'] as $metric => $sum ) {
							$sums['metrics'][ $metric ] = $sum + ( $row['metrics'][ $metric ] ?? 0 );
						}
						// The source's bounces, back from its rate (a percentage of its sessions, to two
						// decimals: exact below 10,000 sessions of one source).
						$sums['bounces'] += (int) round( ( $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0 ) * ( $row['metrics'][ Metric::SESSIONS ] ?? 0 ) / 100 );
						$networks[ $key ] = $sums;
					}
					$rows = array();
					foreach ( $networks as $network => $sums ) {
						$sessions = $sums['metrics'][ Metric::SESSIONS ];
						$sums['metrics'][ Metric::SCREEN_PAGE_VIEWS_PER_SESSION ] = $sessions > 0 ? round( $sums['metrics'][ Metric::SCREEN_PAGE_VIEWS ] / $sessions, 2 ) : 0.0;
						$rows[] = array(
							'network'     => (string) $network,
							'bounce_rate' => $sessions > 0 ? round( $sums['bounces'] / $sessions * 100, 2 ) : 0.0,
							// The network's site icon in the app.
							'icon'        => $sums['icon'],
						) + AcquisitionTable::cells( $sums['metrics'] );
					}
					return $rows;
				},
				'sessions'
			) )->with_row_keys(
				array(
					'icon'               => Schema::text(),
					'pages_per_sessions' => Schema::number(),
				)
			)
		);
	}
}
