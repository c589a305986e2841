<?php
/**
 * The Pages report (docs/product-rules.md#traffic-publishers-and-pages).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Table;

defined( 'ABSPATH' ) || exit;

/**
 * One searchable, sortable table of every page path: page views, engaged sessions, new sessions
 * and bounce rate. Session metrics of a page are those of the sessions that started on it.
 */
final class EngagementPages extends ComposedReport {

	use RegistryName;

	/**
	 * The blocks.
	 *
	 * @return array<string, Table>
	 */
	protected function blocks(): array {
		return array(
			'pages' => Table::of_rows(
				array(
					new Column( 'page_path', __( 'Page Path', 'monsterinsights-reports' ), ColumnType::Text ),
					new Column( 'pageviews', __( 'Page Views', 'monsterinsights-reports' ) ),
					new Column( 'engaged_sessions', __( 'Engaged Sessions', 'monsterinsights-reports' ) ),
					new Column( 'new_session', __( 'New Sessions', 'monsterinsights-reports' ) ),
					new Column( 'bounce_rate', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
				),
				array( Dimension::PAGE_PATH ),
				array( Metric::SCREEN_PAGE_VIEWS, Metric::ENGAGED_SESSIONS, Metric::NEW_USERS, Metric::BOUNCE_RATE ),
				static function ( array $row ): array {
					$path = $row['dimensions'][ Dimension::PAGE_PATH ] ?? '/';
					return array(
						'page_path'        => $path,
						'pageviews'        => $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0,
						'engaged_sessions' => $row['metrics'][ Metric::ENGAGED_SESSIONS ] ?? 0,
						'new_session'      => $row['metrics'][ Metric::NEW_USERS ] ?? 0,
						'bounce_rate'      => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
						'url'              => home_url( $path ),
					);
				},
				'pageviews'
			)->with_row_keys( array( 'url' => Schema::text() ) ),
		);
	}
}
