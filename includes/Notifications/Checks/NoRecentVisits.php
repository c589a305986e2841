<?php
/**
 * Check: the builtin source has recorded no page view lately.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notifications\Checks;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Notifications\Check;
use MonsterInsights\Reports\Notifications\Notification;
use MonsterInsights\Reports\Notifications\Notifications;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;

defined( 'ABSPATH' ) || exit;

/**
 * Explains, while the builtin source is active and no page view was recorded in the last DAYS
 * site-local days (today included), that visits appear once people visit the site and which visits
 * are not counted. One query on the small `rollup_site` table (a row per day).
 *
 * Stays quiet while aggregation is stalled: that warning explains the silence better, and the
 * visits may be waiting in the buffer.
 */
final class NoRecentVisits implements Check {

	public const ID = 'no-recent-visits';

	/**
	 * The window, in days.
	 */
	public const DAYS = 7;

	/**
	 * The notification, while no page view was recorded in the window.
	 *
	 * @param int $now     Unix time.
	 * @param int $user_id The user.
	 */
	public function run( int $now, int $user_id ): ?Notification {
		if ( BuiltinSource::KEY !== (string) get_option( BootData::SOURCE_OPTION, '' ) || Tables::needs_migration() ) {
			return null;
		}
		if ( null !== AggregationStalled::stalled_since( $now ) ) {
			return null;
		}
		$zone  = wp_timezone();
		$today = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( $zone )->setTime( 0, 0 );
		$from  = $today->modify( '-' . ( self::DAYS - 1 ) . ' days' )->format( 'Y-m-d' );
		$last  = Db::value( 'SELECT MAX(day) FROM {rollup_site} WHERE pageviews > %d', array( 0 ) );
		if ( null !== $last && $last >= $from ) {
			return null;
		}

		$parts = array();
		if ( null === $last ) {
			$title   = __( 'Waiting for your first visits', 'monsterinsights-reports' );
			$parts[] = __( 'The built-in analytics has not recorded a visit yet. Visits appear in your reports a few minutes after people visit your site.', 'monsterinsights-reports' );
			$time    = $now;
		} else {
			$start = new \DateTimeImmutable( $last . ' 00:00:00', $zone );
			$title = sprintf(
				/* translators: %d: number of days. */
				_n( 'No visits in the last %d day', 'No visits in the last %d days', self::DAYS, 'monsterinsights-reports' ),
				self::DAYS
			);
			$parts[] = sprintf(
				/* translators: %s: a date. */
				__( 'The built-in analytics has not recorded a visit since %s. Visits appear in your reports a few minutes after people visit your site.', 'monsterinsights-reports' ),
				(string) wp_date( (string) get_option( 'date_format' ), $start->getTimestamp() )
			);
			$time = $start->modify( '+1 day' )->getTimestamp();
		}
		$tracking = Settings::get();
		if ( in_array( 'administrator', $tracking['excluded_roles'], true ) ) {
			$parts[] = __( 'Logged-in administrators are not tracked, so your own visits do not count; check in a private window or another browser.', 'monsterinsights-reports' );
		}
		if ( $tracking['honor_dnt'] || $tracking['honor_gpc'] ) {
			$parts[] = __( 'Visitors whose browser asks not to be tracked (Do Not Track, Global Privacy Control) are not counted either.', 'monsterinsights-reports' );
		}

		$actions = array();
		if ( user_can( $user_id, Capabilities::SAVE ) ) {
			$actions[] = array(
				'label'   => __( 'Review Tracking Settings', 'monsterinsights-reports' ),
				'url'     => Notifications::app_url( '/settings' ),
				'primary' => false,
			);
		}
		return new Notification( self::ID, 'info', $title, implode( ' ', $parts ), $time, $actions );
	}
}
