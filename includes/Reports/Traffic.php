<?php
/**
 * The six traffic reports (spec 3 "Traffic reports", §3 rows and Technology).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Blocks\Acquisition;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Shares;
use MonsterInsights\Reports\Reports\Blocks\Rows;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * One class for the traffic reports, made with their name (Registry passes it):
 * - traffic_overview: the chart and the Traffic Details table by GA4's default channel group;
 * - traffic_landing_pages: the chart and the sessions that started on each page;
 * - traffic_campaign: the chart and the sessions of each utm_campaign (none left out);
 * - traffic_source_medium: the chart and "source / medium" ("(direct) / (none)");
 * - traffic_social: the chart and the social networks: the sessions of the Organic Social and
 *   Paid Social channels (whose sites come from the source's list of social referrer hosts) by
 *   network, every host and spelling of one network in one row (facebook.com, m.facebook.com,
 *   l.facebook.com and utm_source "facebook" are Facebook; Source / Medium keeps them apart);
 * - traffic_technology: shares of sessions by browser and by device category.
 */
final class Traffic extends ComposedReport {

	public const NAMES           = array( 'traffic_overview', 'traffic_landing_pages', 'traffic_campaign', 'traffic_source_medium', 'traffic_social', 'traffic_technology' );
	public const SOCIAL_CHANNELS = array( 'Organic Social', 'Paid Social' );

	/**
	 * Makes one of the reports.
	 *
	 * @param string $name One of NAMES.
	 * @throws \InvalidArgumentException For another name.
	 */
	public function __construct( private string $name ) {
		if ( ! in_array( $name, self::NAMES, true ) ) {
			throw new \InvalidArgumentException( esc_html( 'Not a traffic report: ' . $name ) );
		}
	}

	/**
	 * The report's name.
	 */
	public function name(): string {
		return $this->name;
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		if ( 'traffic_technology' === $this->name ) {
			return array(
				'browser_breakdown' => new Shares( Dimension::BROWSER ),
				'device_breakdown'  => new Shares( Dimension::DEVICE_CATEGORY, self::device( ... ) ),
			);
		}
		return array( 'chart' => new Chart() ) + match ( $this->name ) {
			'traffic_overview'      => array( 'channels' => self::details( 'channel', __( 'Channel', 'monsterinsights-reports' ), array( Dimension::SESSION_CHANNEL ) ) ),
			'traffic_landing_pages' => array( 'landing_pages' => self::details( 'landing_page', __( 'Landing Page', 'monsterinsights-reports' ), array( Dimension::LANDING_PAGE ) ) ),
			'traffic_campaign'      => array( 'campaigns' => self::details( 'campaign', __( 'Campaign', 'monsterinsights-reports' ), array( Dimension::SESSION_CAMPAIGN ) ) ),
			'traffic_source_medium' => array( 'source_medium' => self::details( 'source_medium', __( 'Source / Medium', 'monsterinsights-reports' ), array( Dimension::SESSION_SOURCE, Dimension::SESSION_MEDIUM ) ) ),
			default                 => array( 'social' => self::social() ),
		};
	}

	/**
	 * A details table whose name cell joins the row's dimension values with " / ".
	 *
	 * @param string   $id         The name column's id.
	 * @param string   $label      Its label.
	 * @param string[] $dimensions The dimensions.
	 */
	private static function details( string $id, string $label, array $dimensions ): Table {
		return Acquisition::table(
			new Column( $id, $label, ColumnType::Text ),
			$dimensions,
			static function ( array $values ) use ( $dimensions ): ?string {
				$cells = array();
				foreach ( $dimensions as $dimension ) {
					$cells[] = $values[ $dimension ] ?? '';
				}
				// A session without a campaign is not a campaign's.
				return '' === $cells[0] ? null : implode( ' / ', $cells );
			}
		);
	}

	/**
	 * The social networks table (spec 3 §3 "Social rows"): the social channels' sessions by source,
	 * merged by network (SocialNetworks::of(); a source of no known network is a row of its own).
	 * A network's counts are the sums of its sources'; its bounce rate is its bounces (each
	 * source's rate times its sessions) over its sessions; its conversion rate its purchases per
	 * 100 sessions.
	 */
	private static function social(): Table {
		$metrics = array_merge( Acquisition::METRICS, array( Metric::BOUNCE_RATE, Metric::SCREEN_PAGE_VIEWS ) );
		$summed  = array( Metric::SESSIONS, Metric::ENGAGED_SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE );
		$filters = array( new Filter( Dimension::SESSION_CHANNEL, Filter::IN_LIST, self::SOCIAL_CHANNELS ) );
		return ( new Table(
			array(
				new Column( 'network', __( 'Social Network', 'monsterinsights-reports' ), ColumnType::Text ),
				Acquisition::column( 'sessions' ),
				Acquisition::column( 'engaged_sessions' ),
				new Column( 'bounce_rate', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
				Acquisition::column( 'purchases' ),
				Acquisition::column( 'revenue' ),
				Acquisition::column( 'conversion_rate' ),
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
					) + Acquisition::cells( $sums['metrics'] );
				}
				return $rows;
			},
			'sessions'
		) )->with_row_keys(
			array(
				'icon'               => Schema::text(),
				'pages_per_sessions' => Schema::number(),
			)
		);
	}

	/**
	 * A device category's label.
	 *
	 * @param string $device desktop, tablet, mobile or ''.
	 */
	public static function device( string $device ): string {
		return match ( $device ) {
			'desktop' => __( 'Desktop', 'monsterinsights-reports' ),
			'tablet'  => __( 'Tablet', 'monsterinsights-reports' ),
			'mobile'  => __( 'Mobile', 'monsterinsights-reports' ),
			default   => '' === $device ? __( '(not set)', 'monsterinsights-reports' ) : $device,
		};
	}
}
