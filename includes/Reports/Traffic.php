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
use MonsterInsights\Reports\Reports\Blocks\Chart;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Shares;
use MonsterInsights\Reports\Reports\Blocks\Table;

defined( 'ABSPATH' ) || exit;

/**
 * One class for the traffic reports, made with their name (Registry passes it):
 * - traffic_overview: the chart and the Traffic Details table by GA4's default channel group;
 * - traffic_landing_pages: the chart and the sessions that started on each page;
 * - traffic_campaign: the chart and the sessions of each utm_campaign (none left out);
 * - traffic_source_medium: the chart and "source / medium" ("(direct) / (none)");
 * - traffic_social: the chart and the social networks: the sessions of the Organic Social and
 *   Paid Social channels (whose sites come from the source's list of social referrer hosts) by
 *   source;
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
	 * The social networks table (spec 3 §3 "Social rows").
	 */
	private static function social(): Table {
		return Table::of_rows(
			array(
				new Column( 'network', __( 'Social Network', 'monsterinsights-reports' ), ColumnType::Text ),
				Acquisition::column( 'sessions' ),
				Acquisition::column( 'engaged_sessions' ),
				new Column( 'bounce_rate', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
				Acquisition::column( 'purchases' ),
				Acquisition::column( 'revenue' ),
				Acquisition::column( 'conversion_rate' ),
			),
			array( Dimension::SESSION_SOURCE ),
			array_merge( Acquisition::METRICS, array( Metric::BOUNCE_RATE ) ),
			static function ( array $row ): array {
				$network = $row['dimensions'][ Dimension::SESSION_SOURCE ] ?? '';
				return array(
					'network'     => $network,
					'bounce_rate' => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
					// A host gets its site's icon in the app.
					'icon'        => str_contains( $network, '.' ) ? $network : '',
				) + Acquisition::cells( $row['metrics'] );
			},
			'sessions',
			array( new Filter( Dimension::SESSION_CHANNEL, Filter::IN_LIST, self::SOCIAL_CHANNELS ) )
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
