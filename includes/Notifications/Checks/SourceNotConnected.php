<?php
/**
 * Check: no data source chosen yet.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications\Checks;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Notifications\Check;
use MonsterInsights\Reports\Notifications\Notification;
use MonsterInsights\Reports\Notifications\Notifications;

defined( 'ABSPATH' ) || exit;

/**
 * Warns while the `monsterinsights_reports_source` option is empty: the reports stay empty until
 * the setup wizard picks a source. Users who may change settings get the wizard's link; the others
 * are asked to turn to their webmaster.
 */
final class SourceNotConnected implements Check {

	public const ID = 'source-not-connected';

	/**
	 * The notification, while no source is chosen.
	 *
	 * @param int $now     Unix time.
	 * @param int $user_id The user.
	 */
	public function run( int $now, int $user_id ): ?Notification {
		if ( '' !== (string) get_option( BootData::SOURCE_OPTION, '' ) ) {
			return null;
		}
		if ( ! user_can( $user_id, Capabilities::SAVE ) ) {
			return new Notification(
				self::ID,
				'warning',
				__( 'Connect a data source', 'monsterinsights-reports' ),
				__( 'Your reports stay empty until a data source is connected. Please ask your webmaster to connect one.', 'monsterinsights-reports' ),
				$now
			);
		}
		return new Notification(
			self::ID,
			'warning',
			__( 'Connect a data source', 'monsterinsights-reports' ),
			__( 'Your reports stay empty until a data source is connected. The setup wizard takes a minute: start collecting visits with the built-in, cookieless analytics.', 'monsterinsights-reports' ),
			$now,
			array(
				array(
					'label'   => __( 'Launch Setup Wizard', 'monsterinsights-reports' ),
					'url'     => Notifications::app_url( '/setup-wizard' ),
					'primary' => true,
				),
			)
		);
	}
}
