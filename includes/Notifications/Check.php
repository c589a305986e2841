<?php
/**
 * A check of the site's state that may raise a notification.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications;

defined( 'ABSPATH' ) || exit;

/**
 * Checks run on each request for the notifications, so they must be cheap: an option, a cron
 * entry, one indexed query.
 */
interface Check {

	/**
	 * The notification the site's current state calls for, or null.
	 *
	 * @param int $now     Unix time.
	 * @param int $user_id The user who will read it (texts and actions may depend on their rights).
	 */
	public function run( int $now, int $user_id ): ?Notification;
}
