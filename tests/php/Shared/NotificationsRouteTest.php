<?php
/**
 * GET monsterinsights-reports/v1/notifications, POST …/{id}/dismiss and POST …/dismiss-all.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Notifications\Notification;
use MonsterInsights\Reports\Notifications\Notifications;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Migrations;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Scheduler;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The built-in checks on and off, the filter, per-user dismissals, permissions, validation and the
 * payload's agreement with the route's schema.
 */
class NotificationsRouteTest extends TestCase {

	private const ROUTE = '/monsterinsights-reports/v1/notifications';

	/**
	 * Notifications added through the filter by the test, by id.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $added = array();

	/**
	 * A site whose state raises no built-in notification: the builtin source, a page view today,
	 * aggregation that ran a minute ago and a cron event due in a minute.
	 */
	protected function set_up() {
		parent::set_up();
		Migrations::maybe_migrate();
		Db::query( 'DELETE FROM {rollup_site}' );
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		delete_option( Settings::OPTION );
		$this->record_pageviews( 0, 3 );
		update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => time() - 60 ) );
		$this->schedule_aggregation( time() + 60 );

		$this->added = array();
		add_filter(
			'monsterinsights_reports_notifications',
			function ( $notifications ) {
				return array_merge( (array) $notifications, array_values( $this->added ) );
			}
		);
	}

	/**
	 * Sends a request as the current user; the status and the data as JSON would carry it.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $path   Path after the route.
	 * @param array<string, mixed> $params Parameters.
	 * @return array{0: int, 1: mixed}
	 */
	private function call( string $method, string $path = '', array $params = array() ): array {
		$response = $this->rest( $method, self::ROUTE . $path, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( $data ), true ) );
	}

	/**
	 * The ids of a list of notifications.
	 *
	 * @param array<int, array<string, mixed>> $list Notifications.
	 * @return string[]
	 */
	private static function ids( array $list ): array {
		return array_column( $list, 'id' );
	}

	/**
	 * A response without its notifications' dates: a notification from a check is dated at the
	 * request, so two requests a second apart differ only there. Each date must still be a time.
	 *
	 * @param array<string, mixed> $data A response.
	 * @return array<string, mixed>
	 */
	private function undated( array $data ): array {
		foreach ( array( 'active', 'dismissed' ) as $list ) {
			foreach ( $data[ $list ] as $i => $notification ) {
				$this->assertNotFalse( strtotime( $notification['date'] ) );
				unset( $data[ $list ][ $i ]['date'] );
			}
		}
		return $data;
	}

	/**
	 * The notification with an id in a list, or null.
	 *
	 * @param array<int, array<string, mixed>> $list Notifications.
	 * @param string                           $id   The id.
	 * @return array<string, mixed>|null
	 */
	private static function find( array $list, string $id ): ?array {
		foreach ( $list as $notification ) {
			if ( $id === $notification['id'] ) {
				return $notification;
			}
		}
		return null;
	}

	/**
	 * A site-local day some days before today.
	 *
	 * @param int $days_ago Days back.
	 */
	private static function local_day( int $days_ago ): string {
		return ( new \DateTimeImmutable( 'now', wp_timezone() ) )->modify( '-' . $days_ago . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Records page views in the daily rollup, as the aggregation would.
	 *
	 * @param int $days_ago  The day, in days before today.
	 * @param int $pageviews Page views.
	 */
	private function record_pageviews( int $days_ago, int $pageviews ): void {
		Db::insert_rows( 'rollup_site', array( 'day', 'sessions', 'visitors', 'pageviews' ), array( array( self::local_day( $days_ago ), 1, 1, $pageviews ) ), false, array( 'pageviews' ) );
	}

	/**
	 * Replaces the aggregation's cron event by one due at a time.
	 *
	 * @param int $when Unix time.
	 */
	private function schedule_aggregation( int $when ): void {
		wp_clear_scheduled_hook( Scheduler::AGGREGATE_HOOK );
		$this->assertTrue( wp_schedule_event( $when, 'hourly', Scheduler::AGGREGATE_HOOK, array(), true ) );
	}

	/**
	 * Adds a notification through the filter.
	 *
	 * @param string               $id     Its id.
	 * @param array<string, mixed> $fields Fields to set.
	 */
	private function add( string $id, array $fields = array() ): void {
		$this->added[ $id ] = $fields + array(
			'id'      => $id,
			'type'    => 'info',
			'title'   => 'Title of ' . $id,
			'content' => 'Content of ' . $id,
			'date'    => '2026-01-01T10:00:00+00:00',
		);
	}

	/**
	 * A user who may view the reports but not change settings.
	 */
	private function act_as_viewer(): int {
		$id = $this->act_as( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW );
		$this->assertFalse( current_user_can( Capabilities::SAVE ) );
		return $id;
	}

	/**
	 * A site in the state set_up() prepares has no notification.
	 */
	public function test_healthy_site_has_none(): void {
		$this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'active'    => array(),
				'dismissed' => array(),
			),
			$data
		);
	}

	/**
	 * Visitors get 401, subscribers 403, on every route; nothing is stored.
	 */
	public function test_permissions(): void {
		$this->add( 'extra' );
		$user     = 0;
		$requests = array(
			array( 'GET', '' ),
			array( 'POST', '/extra/dismiss' ),
			array( 'POST', '/dismiss-all' ),
		);
		foreach ( array(
			401 => '',
			403 => 'subscriber',
		) as $expected => $role ) {
			if ( '' !== $role ) {
				$user = $this->act_as( $role );
			}
			foreach ( $requests as list( $method, $path ) ) {
				list( $status, $data ) = $this->call( $method, $path );
				$this->assertSame( $expected, $status, $method . $path );
				$this->assertSame( 'rest_forbidden', $data['code'], $method . $path );
			}
		}
		$this->assertFalse( get_user_option( Notifications::META, $user ) );
	}

	/**
	 * No source chosen: a warning with the setup wizard's link; off once a source is chosen.
	 */
	public function test_source_not_connected_on_and_off(): void {
		$this->act_as( 'administrator' );
		delete_option( BootData::SOURCE_OPTION );

		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'source-not-connected' ), self::ids( $data['active'] ) );
		$notification = $data['active'][0];
		$this->assertSame( 'warning', $notification['type'] );
		$this->assertSame( 'Connect a data source', $notification['title'] );
		$this->assertFalse( $notification['dismissed'] );
		$this->assertSame(
			array(
				array(
					'label'   => 'Launch Setup Wizard',
					'url'     => admin_url( 'admin.php?page=monsterinsights_reports#/setup-wizard' ),
					'primary' => true,
				),
			),
			$notification['actions']
		);

		update_option( BootData::SOURCE_OPTION, 'builtin' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertNull( self::find( $data['active'], 'source-not-connected' ) );
	}

	/**
	 * A user who may not change settings is asked to turn to the webmaster, with no wizard link.
	 */
	public function test_source_not_connected_for_a_viewer(): void {
		$this->act_as_viewer();
		delete_option( BootData::SOURCE_OPTION );
		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$notification = self::find( $data['active'], 'source-not-connected' );
		$this->assertNotNull( $notification );
		$this->assertStringContainsString( 'ask your webmaster', $notification['content'] );
		$this->assertSame( array(), $notification['actions'] );
	}

	/**
	 * The builtin source with no page view in the last 7 days: an info notice explaining when
	 * visits appear and that administrators are not tracked; off with a page view in the window,
	 * or with another source.
	 */
	public function test_no_recent_visits_on_and_off(): void {
		$this->act_as( 'administrator' );
		Db::query( 'DELETE FROM {rollup_site}' );

		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'no-recent-visits' ), self::ids( $data['active'] ) );
		$never = $data['active'][0];
		$this->assertSame( 'info', $never['type'] );
		$this->assertSame( 'Waiting for your first visits', $never['title'] );
		$this->assertStringContainsString( 'a few minutes after people visit your site', $never['content'] );
		$this->assertStringContainsString( 'administrators are not tracked', $never['content'] );
		$this->assertSame( admin_url( 'admin.php?page=monsterinsights_reports#/settings' ), $never['actions'][0]['url'] );

		// A day in the window without page views does not count; one 7 days ago is outside.
		$this->record_pageviews( 1, 0 );
		$this->record_pageviews( 7, 5 );
		list( , $data ) = $this->call( 'GET' );
		$since          = self::find( $data['active'], 'no-recent-visits' );
		$this->assertNotNull( $since );
		$this->assertSame( 'No visits in the last 7 days', $since['title'] );
		$last = new \DateTimeImmutable( self::local_day( 7 ) . ' 00:00:00', wp_timezone() );
		$this->assertStringContainsString( 'since ' . wp_date( get_option( 'date_format' ), $last->getTimestamp() ) . '.', $since['content'] );
		$this->assertSame( gmdate( 'c', $last->modify( '+1 day' )->getTimestamp() ), $since['date'] );

		// Admins tracked: no word about them.
		update_option( Settings::OPTION, array( 'excluded_roles' => array() ) );
		list( , $data ) = $this->call( 'GET' );
		$this->assertStringNotContainsString( 'administrators', self::find( $data['active'], 'no-recent-visits' )['content'] );

		// A page view 6 days ago is inside the window.
		$this->record_pageviews( 6, 1 );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array(), $data['active'] );

		// Another source: the builtin collector's silence does not matter.
		Db::query( 'DELETE FROM {rollup_site}' );
		update_option( BootData::SOURCE_OPTION, 'google' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array(), $data['active'] );
	}

	/**
	 * Aggregation that last ran over an hour ago: a warning on how to fix WP-Cron, dated from the
	 * last run; off when it ran within the hour, and for another source.
	 */
	public function test_aggregation_stalled_by_last_run(): void {
		$this->act_as( 'administrator' );
		$since = time() - 2 * HOUR_IN_SECONDS;
		update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => $since ) );

		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'aggregation-stalled' ), self::ids( $data['active'] ) );
		$notification = $data['active'][0];
		$this->assertSame( 'warning', $notification['type'] );
		$this->assertSame( 'New visits are not being processed', $notification['title'] );
		$this->assertSame( gmdate( 'c', $since ), $notification['date'] );
		$this->assertStringContainsString( wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $since ), $notification['content'] );
		$this->assertStringContainsString( 'wp monsterinsights-reports aggregate', $notification['content'] );
		$this->assertSame( 'https://developer.wordpress.org/plugins/cron/hooking-wp-cron-into-the-system-task-scheduler/', $notification['actions'][0]['url'] );

		update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => time() - 50 * MINUTE_IN_SECONDS ) );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array(), $data['active'] );

		update_option( Aggregator::LAST_RUN_OPTION, array( 'time' => $since ) );
		update_option( BootData::SOURCE_OPTION, 'google' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array(), $data['active'] );
	}

	/**
	 * A cron event overdue by over an hour counts as stalled even when the reports page's own run
	 * refreshed the last run; the no-visits notice then stays quiet.
	 */
	public function test_aggregation_stalled_by_overdue_cron_event(): void {
		$this->act_as( 'administrator' );
		Db::query( 'DELETE FROM {rollup_site}' );
		$due = time() - 3 * HOUR_IN_SECONDS;
		$this->schedule_aggregation( $due );

		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'aggregation-stalled' ), self::ids( $data['active'] ) );
		$this->assertSame( gmdate( 'c', $due ), $data['active'][0]['date'] );

		$this->schedule_aggregation( time() - 30 * MINUTE_IN_SECONDS );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'no-recent-visits' ), self::ids( $data['active'] ) );
	}

	/**
	 * A module adds a notification through the filter; texts become plain text, invalid entries
	 * are dropped, a Notification object is taken as it is, the first of two ids wins.
	 */
	public function test_filter_adds_notifications(): void {
		$this->act_as( 'administrator' );
		$this->add(
			'licence-expired',
			array(
				'type'    => 'error',
				'title'   => 'Your <b>licence</b> expired',
				'content' => "Renew it <script>alert(1)</script>to keep\nyour reports.",
				'actions' => array(
					array(
						'label'   => 'Renew',
						'url'     => 'https://example.com/renew',
						'primary' => true,
					),
				),
			)
		);
		$this->add( 'Bad_Id' );
		$this->add( 'bad-type', array( 'type' => 'notice' ) );
		$this->add( 'no-title', array( 'title' => '' ) );
		$this->add( 'bad-date', array( 'date' => 'not a date' ) );
		$this->add( 'bad-action', array( 'actions' => array( array( 'label' => 'Go' ) ) ) );
		$this->added['object'] = new Notification( 'from-object', 'success', 'Done', 'All good.', 1700000000 );
		$this->added['twice']  = array(
			'id'      => 'licence-expired',
			'type'    => 'info',
			'title'   => 'Second',
			'content' => '',
		);

		list( $status, $data ) = $this->call( 'GET' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'licence-expired', 'from-object' ), self::ids( $data['active'] ) );
		$this->assertSame(
			array(
				'id'        => 'licence-expired',
				'type'      => 'error',
				'title'     => 'Your licence expired',
				'content'   => "Renew it to keep\nyour reports.",
				'date'      => '2026-01-01T10:00:00+00:00',
				'actions'   => array(
					array(
						'label'   => 'Renew',
						'url'     => 'https://example.com/renew',
						'primary' => true,
					),
				),
				'dismissed' => false,
			),
			$data['active'][0]
		);
		$this->assertSame( gmdate( 'c', 1700000000 ), $data['active'][1]['date'] );
	}

	/**
	 * Errors first, then warnings, infos and successes; newest first within a type.
	 */
	public function test_order(): void {
		$this->act_as( 'administrator' );
		$this->add(
			'old-info',
			array(
				'type' => 'info',
				'date' => '2026-01-01T00:00:00Z',
			)
		);
		$this->add(
			'success',
			array(
				'type' => 'success',
				'date' => '2026-06-01T00:00:00Z',
			)
		);
		$this->add(
			'new-info',
			array(
				'type' => 'info',
				'date' => '2026-03-01T00:00:00Z',
			)
		);
		$this->add(
			'warning',
			array(
				'type' => 'warning',
				'date' => '2025-01-01T00:00:00Z',
			)
		);
		$this->add(
			'error',
			array(
				'type' => 'error',
				'date' => '2024-01-01T00:00:00Z',
			)
		);
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'error', 'warning', 'new-info', 'old-info', 'success' ), self::ids( $data['active'] ) );

		list( , $data ) = $this->call( 'POST', '/dismiss-all' );
		$this->assertSame( array( 'error', 'warning', 'new-info', 'old-info', 'success' ), self::ids( $data['dismissed'] ) );
	}

	/**
	 * Dismissing moves a notification to the dismissed list for good (a later GET agrees), and
	 * stores its time and hash in the user's option.
	 */
	public function test_dismiss(): void {
		$user = $this->act_as( 'administrator' );
		delete_option( BootData::SOURCE_OPTION );
		$this->add( 'extra' );

		list( $status, $data ) = $this->call( 'POST', '/source-not-connected/dismiss' );
		$this->assertSame( 200, $status );
		$this->assertSame( array( 'extra' ), self::ids( $data['active'] ) );
		$this->assertSame( array( 'source-not-connected' ), self::ids( $data['dismissed'] ) );
		$this->assertTrue( $data['dismissed'][0]['dismissed'] );

		list( , $again ) = $this->call( 'GET' );
		$this->assertSame( $this->undated( $data ), $this->undated( $again ) );

		$stored = get_user_option( Notifications::META, $user );
		$this->assertSame( array( 'source-not-connected' ), array_keys( $stored ) );
		$this->assertIsInt( $stored['source-not-connected']['time'] );
		$this->assertSame( 32, strlen( $stored['source-not-connected']['hash'] ) );

		// Dismissing it again changes nothing.
		list( $status, $data ) = $this->call( 'POST', '/source-not-connected/dismiss' );
		$this->assertSame( 200, $status );
		$this->assertSame( $this->undated( $again ), $this->undated( $data ) );
	}

	/**
	 * Dismissals are the user's own: another administrator still sees the notification.
	 */
	public function test_dismissals_are_per_user(): void {
		$this->add( 'extra' );
		$this->act_as( 'administrator' );
		list( $status ) = $this->call( 'POST', '/extra/dismiss' );
		$this->assertSame( 200, $status );

		$this->act_as( 'administrator' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'extra' ), self::ids( $data['active'] ) );
		$this->assertSame( array(), $data['dismissed'] );
	}

	/**
	 * A dismissed notification whose text changes shows again; the date alone does not count.
	 */
	public function test_dismissed_notification_shows_again_when_its_content_changes(): void {
		$this->act_as( 'administrator' );
		$this->add( 'extra', array( 'content' => 'First text.' ) );
		$this->call( 'POST', '/extra/dismiss' );

		$this->add(
			'extra',
			array(
				'content' => 'First text.',
				'date'    => '2026-02-02T00:00:00Z',
			)
		);
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'extra' ), self::ids( $data['dismissed'] ) );

		$this->add( 'extra', array( 'content' => 'Second text.' ) );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'extra' ), self::ids( $data['active'] ) );
		$this->assertFalse( $data['active'][0]['dismissed'] );
		$this->assertSame( array(), $data['dismissed'] );
	}

	/**
	 * A dismissal is forgotten once its notification no longer applies, so a problem that comes
	 * back shows again.
	 */
	public function test_dismissal_is_forgotten_once_resolved(): void {
		$user = $this->act_as( 'administrator' );
		$this->add( 'first' );
		$this->call( 'POST', '/first/dismiss' );

		unset( $this->added['first'] );
		$this->add( 'second' );
		$this->call( 'POST', '/second/dismiss' );
		$this->assertSame( array( 'second' ), array_keys( get_user_option( Notifications::META, $user ) ) );

		$this->add( 'first' );
		list( , $data ) = $this->call( 'GET' );
		$this->assertSame( array( 'first' ), self::ids( $data['active'] ) );
	}

	/**
	 * Dismiss all: every active notification moves to the dismissed list.
	 */
	public function test_dismiss_all(): void {
		$this->act_as( 'administrator' );
		delete_option( BootData::SOURCE_OPTION );
		$this->add( 'one', array( 'type' => 'error' ) );
		$this->add( 'two' );

		list( $status, $data ) = $this->call( 'POST', '/dismiss-all' );
		$this->assertSame( 200, $status );
		$this->assertSame( array(), $data['active'] );
		$this->assertSame( array( 'one', 'source-not-connected', 'two' ), self::ids( $data['dismissed'] ) );

		list( , $again ) = $this->call( 'GET' );
		$this->assertSame( $this->undated( $data ), $this->undated( $again ) );

		// With nothing left, it answers the same.
		list( $status, $data ) = $this->call( 'POST', '/dismiss-all' );
		$this->assertSame( 200, $status );
		$this->assertSame( $this->undated( $again ), $this->undated( $data ) );
	}

	/**
	 * An id that is valid but matches no notification is a 404; nothing is stored.
	 */
	public function test_unknown_id_is_404(): void {
		$user                  = $this->act_as( 'administrator' );
		list( $status, $data ) = $this->call( 'POST', '/no-such-thing/dismiss' );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_notification_not_found', $data['code'] );
		$this->assertStringContainsString( 'no-such-thing', $data['message'] );
		$this->assertFalse( get_user_option( Notifications::META, $user ) );
	}

	/**
	 * A malformed id is a 400 naming the field.
	 */
	public function test_malformed_id_is_400(): void {
		$this->act_as( 'administrator' );
		foreach ( array( 'Bad_Id', str_repeat( 'a', 65 ), 'a%20b' ) as $id ) {
			list( $status, $data ) = $this->call( 'POST', '/' . $id . '/dismiss' );
			$this->assertSame( 400, $status, $id );
			$this->assertSame( 'rest_invalid_param', $data['code'], $id );
			$this->assertArrayHasKey( 'id', $data['data']['params'], $id );
		}
	}

	/**
	 * A damaged option reads as no dismissals.
	 */
	public function test_damaged_dismissals_read_as_none(): void {
		$user = $this->act_as( 'administrator' );
		$this->add( 'extra' );
		foreach ( array( 'garbage', array( 'extra' => 12 ), array( 'extra' => array( 'time' => 1 ) ) ) as $stored ) {
			update_user_option( $user, Notifications::META, $stored );
			list( , $data ) = $this->call( 'GET' );
			$this->assertSame( array( 'extra' ), self::ids( $data['active'] ) );
		}
	}

	/**
	 * A check that throws does not take the other notifications down.
	 */
	public function test_a_broken_check_is_skipped(): void {
		$broken = new class() implements \MonsterInsights\Reports\Notifications\Check {
			/**
			 * Fails.
			 *
			 * @param int $now     Unix time.
			 * @param int $user_id The user.
			 * @throws \RuntimeException Always.
			 */
			public function run( int $now, int $user_id ): ?Notification {
				throw new \RuntimeException( 'Database error' );
			}
		};
		delete_option( BootData::SOURCE_OPTION );
		$notifications = new Notifications( array( $broken, ...Notifications::default_checks() ) );
		$this->assertSame( array( 'source-not-connected' ), array_keys( $notifications->current( $this->create_user( 'administrator' ) ) ) );
	}

	/**
	 * Every route's payload validates against the schema, which declares the same properties.
	 */
	public function test_payload_matches_schema(): void {
		$this->act_as( 'administrator' );
		delete_option( BootData::SOURCE_OPTION );
		$this->add( 'extra', array( 'type' => 'success' ) );

		$schema = $this->rest( 'OPTIONS', self::ROUTE )->get_data()['schema'];
		$this->assertSame( 'monsterinsights-reports-notifications', $schema['title'] );
		foreach ( array( '/extra/dismiss', '/dismiss-all' ) as $path ) {
			$this->assertSame( $schema, $this->rest( 'OPTIONS', self::ROUTE . $path )->get_data()['schema'], $path );
		}

		$payloads = array();
		foreach ( array( array( 'GET', '' ), array( 'POST', '/extra/dismiss' ), array( 'POST', '/dismiss-all' ) ) as list( $method, $path ) ) {
			list( $status, $data ) = $this->call( $method, $path );
			$this->assertSame( 200, $status, $path );
			$payloads[] = $data;
		}
		$this->assertCount( 2, $payloads[0]['active'] );
		$this->assertCount( 1, $payloads[1]['dismissed'] );
		$this->assertCount( 2, $payloads[2]['dismissed'] );
		foreach ( $payloads as $data ) {
			$this->assertTrue( rest_validate_value_from_schema( $data, $schema, 'notifications' ) );
			$this->assertSame( array_keys( $schema['properties'] ), array_keys( $data ) );
			foreach ( array_merge( $data['active'], $data['dismissed'] ) as $notification ) {
				$this->assertSame( array_keys( $schema['properties']['active']['items']['properties'] ), array_keys( $notification ) );
			}
		}
	}
}
