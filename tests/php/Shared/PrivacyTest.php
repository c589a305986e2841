<?php
/**
 * WordPress's privacy tools: the suggested policy text, the personal data exporters and erasers.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Notifications\Notifications;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as TrackingSettings;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Two users, Ada and Ben, each with notes and preferences: what is exported for one holds exactly
 * theirs, and erasing one removes exactly theirs.
 */
class PrivacyTest extends TestCase {

	/**
	 * The users by name.
	 *
	 * @var array<string, \WP_User>
	 */
	private array $users = array();

	/**
	 * Two users with the view capability (administrators).
	 */
	protected function set_up() {
		parent::set_up();
		foreach ( array( 'ada', 'ben' ) as $name ) {
			$id = wp_insert_user(
				array(
					'user_login' => $name,
					'user_pass'  => wp_generate_password(),
					'user_email' => $name . '@example.org',
					'role'       => 'administrator',
				)
			);
			$this->assertIsInt( $id );
			$this->users[ $name ] = get_userdata( $id );
		}
	}

	/**
	 * A note written by a user.
	 *
	 * @param string               $user   Its author.
	 * @param array<string, mixed> $fields Notes::save()'s fields.
	 */
	private function note( string $user, array $fields ): \WP_Post {
		wp_set_current_user( $this->users[ $user ]->ID );
		$note = Notes::save( null, $fields + array( 'category' => 0 ) );
		$this->assertInstanceOf( \WP_Post::class, $note );
		wp_set_current_user( 0 );
		return $note;
	}

	/**
	 * The plugin's exporter or eraser, as WordPress's privacy tools call it (through the filter).
	 *
	 * @param string $kind  exporters or erasers.
	 * @param string $id    Privacy::NOTES or Privacy::PREFERENCES.
	 * @param string $email The email address.
	 * @param int    $page  The page.
	 * @return array<string, mixed>
	 */
	private function run_tool( string $kind, string $id, string $email, int $page = 1 ): array {
		$tools = apply_filters( 'wp_privacy_personal_data_' . $kind, array() );
		$this->assertArrayHasKey( $id, $tools );
		return call_user_func( $tools[ $id ]['callback'], $email, $page );
	}

	/**
	 * Both exporters and both erasers are added to WordPress's lists, with their names.
	 */
	public function test_the_tools_are_registered_with_translatable_names(): void {
		$this->assertSame(
			array(
				Privacy::NOTES       => 'MonsterInsights Reports site notes',
				Privacy::PREFERENCES => 'MonsterInsights Reports preferences',
			),
			array_map( static fn( array $tool ): string => $tool['exporter_friendly_name'], array_intersect_key( apply_filters( 'wp_privacy_personal_data_exporters', array() ), array_flip( array( Privacy::NOTES, Privacy::PREFERENCES ) ) ) )
		);
		$this->assertSame(
			array(
				Privacy::NOTES       => 'MonsterInsights Reports site notes',
				Privacy::PREFERENCES => 'MonsterInsights Reports preferences',
			),
			array_map( static fn( array $tool ): string => $tool['eraser_friendly_name'], array_intersect_key( apply_filters( 'wp_privacy_personal_data_erasers', array() ), array_flip( array( Privacy::NOTES, Privacy::PREFERENCES ) ) ) )
		);
	}

	/**
	 * Ada's export lists her two notes (the trashed one too), field by field, and not Ben's.
	 */
	public function test_export_holds_the_users_notes_and_no_others(): void {
		$term = wp_insert_term( 'Launches', Categories::TAXONOMY );
		$this->assertIsArray( $term );
		$category = get_term( (int) $term['term_id'], Categories::TAXONOMY );
		$this->assertInstanceOf( \WP_Term::class, $category );
		$launch = $this->note(
			'ada',
			array(
				'note_title' => 'Launched <b>spring</b> sale',
				'note_date'  => '2024-03-10',
				'important'  => true,
				'category'   => $category->term_id,
			)
		);
		$old    = $this->note(
			'ada',
			array(
				'note_title' => 'Old theme',
				'note_date'  => '2023-01-02',
			)
		);
		wp_trash_post( $old->ID );
		$this->note(
			'ben',
			array(
				'note_title' => 'Ben’s note',
				'note_date'  => '2024-03-11',
			)
		);

		$export = $this->run_tool( 'exporters', Privacy::NOTES, 'ada@example.org' );

		$this->assertTrue( $export['done'] );
		$this->assertSame(
			array(
				array(
					'group_id'          => 'monsterinsights-reports-notes',
					'group_label'       => 'Site notes',
					'group_description' => 'The notes about this site you wrote in its reports.',
					'item_id'           => 'monsterinsights-reports-note-' . $launch->ID,
					'data'              => array(
						array(
							'name'  => 'Note',
							'value' => 'Launched <b>spring</b> sale',
						),
						array(
							'name'  => 'Day',
							'value' => '2024-03-10',
						),
						array(
							'name'  => 'Category',
							'value' => 'Launches',
						),
						array(
							'name'  => 'Important',
							'value' => 'Yes',
						),
						array(
							'name'  => 'In the trash',
							'value' => 'No',
						),
						array(
							'name'  => 'Last changed',
							'value' => get_post( $launch->ID )->post_modified_gmt . ' UTC',
						),
					),
				),
				array(
					'group_id'          => 'monsterinsights-reports-notes',
					'group_label'       => 'Site notes',
					'group_description' => 'The notes about this site you wrote in its reports.',
					'item_id'           => 'monsterinsights-reports-note-' . $old->ID,
					'data'              => array(
						array(
							'name'  => 'Note',
							'value' => 'Old theme',
						),
						array(
							'name'  => 'Day',
							'value' => '2023-01-02',
						),
						array(
							'name'  => 'Category',
							'value' => '',
						),
						array(
							'name'  => 'Important',
							'value' => 'No',
						),
						array(
							'name'  => 'In the trash',
							'value' => 'Yes',
						),
						array(
							'name'  => 'Last changed',
							'value' => get_post( $old->ID )->post_modified_gmt . ' UTC',
						),
					),
				),
			),
			$export['data']
		);

		$ben = $this->run_tool( 'exporters', Privacy::NOTES, 'ben@example.org' );
		$this->assertSame( array( 'Ben’s note' ), array_map( static fn( array $item ): string => $item['data'][0]['value'], $ben['data'] ) );

		$nobody = $this->run_tool( 'exporters', Privacy::NOTES, 'nobody@example.org' );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$nobody
		);
	}

	/**
	 * More notes than a page: the first page is full and not done, the second holds the rest.
	 */
	public function test_notes_are_exported_a_page_at_a_time(): void {
		$count = Privacy::PAGE_SIZE + 3;
		for ( $i = 0; $i < $count; $i++ ) {
			$this->note(
				'ada',
				array(
					'note_title' => 'Note ' . $i,
					'note_date'  => '2024-01-01',
				)
			);
		}

		$first  = $this->run_tool( 'exporters', Privacy::NOTES, 'ada@example.org', 1 );
		$second = $this->run_tool( 'exporters', Privacy::NOTES, 'ada@example.org', 2 );

		$this->assertFalse( $first['done'] );
		$this->assertCount( Privacy::PAGE_SIZE, $first['data'] );
		$this->assertTrue( $second['done'] );
		$this->assertSame( array( 'Note 100', 'Note 101', 'Note 102' ), array_map( static fn( array $item ): string => $item['data'][0]['value'], $second['data'] ) );
	}

	/**
	 * Ada's preferences are her metric choice and her dismissal; Ben's are his; none, no item.
	 */
	public function test_export_holds_the_users_preferences_and_no_others(): void {
		update_user_meta( $this->users['ada']->ID, MetricsController::META, array( 'sessions', 'bounce_rate' ) );
		update_user_option(
			$this->users['ada']->ID,
			Notifications::META,
			array(
				'no_source' => array(
					'time' => 1710064800,
					'hash' => 'abc',
				),
			)
		);
		update_user_meta( $this->users['ben']->ID, MetricsController::META, array( 'pageviews' ) );

		$ada = $this->run_tool( 'exporters', Privacy::PREFERENCES, 'ada@example.org' );
		$ben = $this->run_tool( 'exporters', Privacy::PREFERENCES, 'ben@example.org' );

		$this->assertSame(
			array(
				'data' => array(
					array(
						'group_id'          => 'monsterinsights-reports-preferences',
						'group_label'       => 'Report preferences',
						'group_description' => 'Your choices in this site’s reports.',
						'item_id'           => 'monsterinsights-reports-preferences-' . $this->users['ada']->ID,
						'data'              => array(
							array(
								'name'  => 'Metrics shown in the Overview',
								'value' => 'sessions, bounce_rate',
							),
							array(
								'name'  => 'Dismissed notifications',
								'value' => 'no_source (dismissed 2024-03-10 10:00:00 UTC)',
							),
						),
					),
				),
				'done' => true,
			),
			$ada
		);
		$this->assertSame(
			array(
				array(
					'name'  => 'Metrics shown in the Overview',
					'value' => 'pageviews',
				),
			),
			$ben['data'][0]['data']
		);

		delete_user_meta( $this->users['ben']->ID, MetricsController::META );
		$this->assertSame( array(), $this->run_tool( 'exporters', Privacy::PREFERENCES, 'ben@example.org' )['data'] );
	}

	/**
	 * Erasing Ada leaves her notes as they were, without an author; Ben's note stays his.
	 */
	public function test_erasing_takes_the_user_off_their_notes_and_keeps_the_notes(): void {
		$mine   = $this->note(
			'ada',
			array(
				'note_title' => 'Mine',
				'note_date'  => '2024-03-10',
				'important'  => true,
			)
		);
		$trash  = $this->note(
			'ada',
			array(
				'note_title' => 'Trashed',
				'note_date'  => '2024-03-09',
			)
		);
		$theirs = $this->note(
			'ben',
			array(
				'note_title' => 'Theirs',
				'note_date'  => '2024-03-10',
			)
		);
		wp_trash_post( $trash->ID );
		$before  = array_map( static fn( \WP_Post $post ): array => Notes::to_array( get_post( $post->ID ) ), array( $mine, $trash, $theirs ) );
		$changed = get_post( $mine->ID )->post_modified_gmt;
		$version = Notes::version();

		$erased = $this->run_tool( 'erasers', Privacy::NOTES, 'ada@example.org' );

		$this->assertSame(
			array(
				'items_removed'  => true,
				'items_retained' => true,
				'messages'       => array( '2 site notes written by this user were kept for the other users of the reports, without their author.' ),
				'done'           => true,
			),
			$erased
		);
		clean_post_cache( $mine->ID );
		$this->assertSame( '0', get_post( $mine->ID )->post_author );
		$this->assertSame( '0', get_post( $trash->ID )->post_author );
		$this->assertSame( (string) $this->users['ben']->ID, get_post( $theirs->ID )->post_author );
		// The notes themselves are as they were.
		$this->assertSame( $before, array_map( static fn( \WP_Post $post ): array => Notes::to_array( get_post( $post->ID ) ), array( $mine, $trash, $theirs ) ) );
		$this->assertSame( $changed, get_post( $mine->ID )->post_modified_gmt );
		$this->assertNotSame( $version, Notes::version() );
		// Nothing is left to export or erase for her; Ben's note is still his.
		$this->assertSame( array(), $this->run_tool( 'exporters', Privacy::NOTES, 'ada@example.org' )['data'] );
		$this->assertCount( 1, $this->run_tool( 'exporters', Privacy::NOTES, 'ben@example.org' )['data'] );
		$this->assertSame(
			array(
				'items_removed'  => false,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			),
			$this->run_tool( 'erasers', Privacy::NOTES, 'ada@example.org' )
		);
	}

	/**
	 * The message of a single note is the singular one.
	 */
	public function test_one_note_has_its_own_message(): void {
		$this->note(
			'ada',
			array(
				'note_title' => 'Only one',
				'note_date'  => '2024-03-10',
			)
		);
		$this->assertSame(
			array( '1 site note written by this user was kept for the other users of the reports, without its author.' ),
			$this->run_tool( 'erasers', Privacy::NOTES, 'ada@example.org' )['messages']
		);
	}

	/**
	 * More notes than a page: two runs, and every note loses its author.
	 */
	public function test_notes_are_erased_a_page_at_a_time(): void {
		$count = Privacy::PAGE_SIZE + 3;
		for ( $i = 0; $i < $count; $i++ ) {
			$this->note(
				'ada',
				array(
					'note_title' => 'Note ' . $i,
					'note_date'  => '2024-01-01',
				)
			);
		}

		// WordPress asks for page 1, 2, … until done; each run takes the notes still hers.
		$first  = $this->run_tool( 'erasers', Privacy::NOTES, 'ada@example.org', 1 );
		$second = $this->run_tool( 'erasers', Privacy::NOTES, 'ada@example.org', 2 );

		$this->assertFalse( $first['done'] );
		$this->assertTrue( $second['done'] );
		$this->assertSame( array( '3 site notes written by this user were kept for the other users of the reports, without their author.' ), $second['messages'] );
		$authors = array_map(
			static fn( \WP_Post $post ): string => $post->post_author,
			get_posts(
				array(
					'post_type'   => Notes::POST_TYPE,
					'post_status' => 'any',
					'numberposts' => $count + 1,
				)
			)
		);
		$this->assertSame( array_fill( 0, $count, '0' ), $authors );
	}

	/**
	 * Erasing Ada deletes her metric choice and dismissals, not Ben's.
	 */
	public function test_erasing_removes_the_users_preferences_and_no_others(): void {
		$ada = $this->users['ada']->ID;
		$ben = $this->users['ben']->ID;
		foreach ( array( $ada, $ben ) as $user ) {
			update_user_meta( $user, MetricsController::META, array( 'sessions' ) );
			update_user_option(
				$user,
				Notifications::META,
				array(
					'no_source' => array(
						'time' => 1,
						'hash' => 'x',
					),
				)
			);
		}

		$erased = $this->run_tool( 'erasers', Privacy::PREFERENCES, 'ada@example.org' );

		$this->assertSame(
			array(
				'items_removed'  => true,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			),
			$erased
		);
		$this->assertSame( '', get_user_meta( $ada, MetricsController::META, true ) );
		$this->assertFalse( get_user_option( Notifications::META, $ada ) );
		$this->assertSame( array( 'sessions' ), get_user_meta( $ben, MetricsController::META, true ) );
		$this->assertSame( array( 'no_source' ), array_keys( get_user_option( Notifications::META, $ben ) ) );
		$this->assertFalse( $this->run_tool( 'erasers', Privacy::PREFERENCES, 'ada@example.org' )['items_removed'] );
	}

	/**
	 * The AI insight ratings are exported and erased with the preferences, the user's alone.
	 */
	public function test_ai_insight_ratings_are_exported_and_erased(): void {
		$ada = $this->users['ada']->ID;
		$ben = $this->users['ben']->ID;
		\MonsterInsights\Reports\Insights\Insights::rate( $ada, 'aaa111', 1 );
		\MonsterInsights\Reports\Insights\Insights::rate( $ada, 'bbb222', 0 );
		\MonsterInsights\Reports\Insights\Insights::feedback( $ada, 'bbb222', 'Wrong numbers.', false );
		\MonsterInsights\Reports\Insights\Insights::rate( $ben, 'aaa111', 0 );

		$this->assertSame(
			array(
				array(
					'name'  => 'AI insight ratings',
					'value' => 'aaa111: thumbs up; bbb222: thumbs down, feedback: Wrong numbers.',
				),
			),
			$this->run_tool( 'exporters', Privacy::PREFERENCES, 'ada@example.org' )['data'][0]['data']
		);

		$this->assertTrue( $this->run_tool( 'erasers', Privacy::PREFERENCES, 'ada@example.org' )['items_removed'] );
		$this->assertSame( array(), \MonsterInsights\Reports\Insights\Insights::ratings( $ada ) );
		$this->assertSame( array( 'aaa111' ), array_column( \MonsterInsights\Reports\Insights\Insights::ratings( $ben ), 'insight_id' ) );
		$this->assertSame( array(), $this->run_tool( 'exporters', Privacy::PREFERENCES, 'ada@example.org' )['data'] );
	}

	/**
	 * The policy text follows the settings: signals honoured, country lookup, raw window, source.
	 */
	public function test_the_policy_text_says_what_the_collector_stores(): void {
		$text = Privacy::policy_text();

		$this->assertStringContainsString( 'The analytics set no cookie and store nothing in your browser. Your IP address is not stored.', $text );
		$this->assertStringContainsString( 'a random value that changes every day', $text );
		$this->assertStringContainsString( 'If your browser sends a Global Privacy Control or Do Not Track signal, your visit is not recorded.', $text );
		$this->assertStringContainsString( 'The visits themselves are kept for ' . Compaction::days() . ' days;', $text );
		$this->assertSame( 30, Compaction::days() );
		// No country database or header by default: no country.
		$this->assertStringNotContainsString( 'country', $text );
		$this->assertStringContainsString( 'erasing keeps your notes for the rest of the team without your name', $text );

		update_option(
			TrackingSettings::OPTION,
			array(
				'honor_dnt'      => false,
				'country_header' => 'CF-IPCountry',
			)
		);
		update_option( Compaction::DAYS_OPTION, 7 );
		$text = Privacy::policy_text();
		$this->assertStringContainsString( 'If your browser sends a Global Privacy Control signal, your visit is not recorded.', $text );
		$this->assertStringContainsString( 'the country you visit from and, with a detailed location database, the region and city (looked up when the visit is recorded, without keeping your address)', $text );
		$this->assertStringContainsString( 'The visits themselves are kept for 7 days;', $text );

		update_option(
			TrackingSettings::OPTION,
			array(
				'honor_dnt' => false,
				'honor_gpc' => false,
			)
		);
		$this->assertStringNotContainsString( 'signal', Privacy::policy_text() );

		// Another source: no tracker on the site, only the users' data.
		update_option( BootData::SOURCE_OPTION, 'google' );
		$this->assertSame(
			'<p><strong class="privacy-policy-tutorial">Suggested text:</strong> For users who log in to this website: the notes you write about the website in its reports carry your user account, and your choices in the reports (the figures you show, the notifications you dismiss) are stored with your account. They can be exported and erased with the website’s personal data tools; erasing keeps your notes for the rest of the team without your name.</p>',
			Privacy::policy_text()
		);
	}

	/**
	 * On admin_init the text is added to the Privacy Policy Guide under the plugin's name.
	 */
	public function test_the_policy_text_is_suggested_in_wp_admin(): void {
		set_current_screen( 'dashboard' );
		require_once ABSPATH . 'wp-admin/includes/class-wp-privacy-policy-content.php';
		remove_all_actions( 'admin_init' );
		Privacy::register();
		do_action( 'admin_init' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action.

		$suggested = array_values(
			array_filter(
				\WP_Privacy_Policy_Content::get_suggested_policy_text(),
				static fn( array $item ): bool => 'MonsterInsights Reports' === $item['plugin_name']
			)
		);
		$this->assertCount( 1, $suggested );
		$this->assertSame( Privacy::policy_text(), $suggested[0]['policy_text'] );
	}
}
