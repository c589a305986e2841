<?php
/**
 * WordPress's privacy tools: the suggested policy text, personal data export and erasure.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Conversations\Chats;
use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Notifications\Notifications;
use MonsterInsights\Reports\Promos\Promos;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as TrackingSettings;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;

defined( 'ABSPATH' ) || exit;

/**
 * What the plugin tells the site owner for their privacy policy (Settings → Privacy → Policy
 * Guide), and what belongs to a user in Tools → Export / Erase Personal Data:
 *
 * - the site notes they wrote (post_author of the note post type, trashed ones included);
 * - their preferences: the Overview's metric selection (user meta, the whole installation) and
 *   their notification dismissals (a user option of the current site);
 * - their Conversations AI chats on the current site (Conversations\Chats: their questions, the
 *   answers, ratings and feedback), exported whole and erased (deleted) whole.
 *
 * Visitors of the site are no users of it: the built-in analytics keep no address, cookie or user
 * id (see policy_text()), so no visit can be found from an email address and none is exported.
 *
 * Erasing removes the preferences. A site note is the team's record of what happened on the site
 * (a campaign, an update), read by every user of the reports, so it is kept and only its author
 * is removed (set to no user): the link to the person goes, the site's history stays. The eraser
 * says so in its messages and reports the notes as retained.
 */
final class Privacy {

	/**
	 * The exporters' and erasers' ids.
	 */
	public const NOTES = 'monsterinsights-reports-notes';

	public const PREFERENCES = 'monsterinsights-reports-preferences';

	public const CHATS = 'monsterinsights-reports-ai-chats';

	/**
	 * Notes exported or anonymised per page of a request.
	 */
	public const PAGE_SIZE = 100;

	/**
	 * Hooks into WordPress's privacy tools.
	 */
	public static function register(): void {
		add_action( 'admin_init', array( self::class, 'add_policy_content' ) );
		add_filter( 'wp_privacy_personal_data_exporters', array( self::class, 'exporters' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( self::class, 'erasers' ) );
	}

	/**
	 * On admin_init: the suggested text of the privacy policy.
	 */
	public static function add_policy_content(): void {
		if ( function_exists( 'wp_add_privacy_policy_content' ) ) {
			wp_add_privacy_policy_content( __( 'MonsterInsights Reports', 'monsterinsights-reports' ), self::policy_text() );
		}
	}

	/**
	 * The suggested policy text (HTML): what the built-in analytics record about visitors and what
	 * they do not, how long, where, and what the plugin keeps about the site's users. It follows
	 * the site's settings when it is built: the privacy signals honoured, whether a country is
	 * looked up, the raw window; while another source than the built-in analytics is chosen (the
	 * tracker is then not printed) it speaks of the users' data only. With an AI provider connected
	 * it says what is sent to it.
	 */
	public static function policy_text(): string {
		$users = esc_html__( 'For users who log in to this website: the notes you write about the website in its reports carry your user account, and your choices in the reports (the figures you show, the notifications you dismiss) are stored with your account. They can be exported and erased with the website’s personal data tools; erasing keeps your notes for the rest of the team without your name.', 'monsterinsights-reports' );
		if ( \MonsterInsights\Reports\Conversations\Provider::configured() ) {
			$users .= '</p><p>' . esc_html__( 'The reports use an AI service chosen by the website’s owner to phrase their insights and to answer questions about the figures. Only totals are sent to it (for example the number of visits from a country in a week), never a visit, an IP address or an account; the questions that users of the reports type are sent to it too.', 'monsterinsights-reports' );
		}
		if ( ! in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true ) ) {
			return '<p><strong class="privacy-policy-tutorial">' . esc_html__( 'Suggested text:', 'monsterinsights-reports' ) . '</strong> ' . $users . '</p>';
		}
		$tracking = TrackingSettings::get();
		$country  = '' !== $tracking['country_mmdb'] || '' !== $tracking['country_header'];
		$signals  = array_filter(
			array(
				$tracking['honor_gpc'] ? __( 'Global Privacy Control', 'monsterinsights-reports' ) : '',
				$tracking['honor_dnt'] ? __( 'Do Not Track', 'monsterinsights-reports' ) : '',
			)
		);
		$days     = Compaction::days();

		$paragraphs = array(
			'<strong class="privacy-policy-tutorial">' . esc_html__( 'Suggested text:', 'monsterinsights-reports' ) . '</strong> '
			. esc_html__( 'This website measures its visits with its own analytics, which run on this website alone: what they record is stored in this website’s database and in a folder of its server that cannot be read over the web, and is not sent to anyone else.', 'monsterinsights-reports' ),
			esc_html__( 'The analytics set no cookie and store nothing in your browser. Your IP address is not stored. To tell visits apart, your IP address and browser are combined with a random value that changes every day into a code; the daily value is deleted within two days, after which the code can no longer be linked to your address or to your visits on other days.', 'monsterinsights-reports' ),
			esc_html(
				$country
					? __( 'What is recorded for a visit: the pages you view and when, the website that sent you there and any campaign of the link, your type of device, browser and operating system, the country you visit from and, with a detailed location database, the region and city (looked up when the visit is recorded, without keeping your address), how far you scroll, the links to other websites and the downloads you click, the forms you send, the media you play and, for some visits, how fast the page loaded. If you are logged in, your role on this website (not your account) may be recorded with the pages you view.', 'monsterinsights-reports' )
					: __( 'What is recorded for a visit: the pages you view and when, the website that sent you there and any campaign of the link, your type of device, browser and operating system, how far you scroll, the links to other websites and the downloads you click, the forms you send, the media you play and, for some visits, how fast the page loaded. If you are logged in, your role on this website (not your account) may be recorded with the pages you view.', 'monsterinsights-reports' )
			),
		);
		if ( array() !== $signals ) {
			$paragraphs[] = esc_html(
				sprintf(
					/* translators: %s: the privacy signals, e.g. "Global Privacy Control or Do Not Track". */
					__( 'If your browser sends a %s signal, your visit is not recorded.', 'monsterinsights-reports' ),
					implode( ' ' . __( 'or', 'monsterinsights-reports' ) . ' ', $signals )
				)
			);
		}
		$paragraphs[] = esc_html(
			sprintf(
				/* translators: %d: days the recorded visits are kept. */
				_n(
					'The visits themselves are kept for %d day; after that only daily and monthly totals remain (for example the number of views of a page on a day), which describe no one.',
					'The visits themselves are kept for %d days; after that only daily and monthly totals remain (for example the number of views of a page on a day), which describe no one.',
					$days,
					'monsterinsights-reports'
				),
				$days
			)
		);
		$paragraphs[] = $users;
		return '<p>' . implode( '</p><p>', $paragraphs ) . '</p>';
	}

	/**
	 * The wp_privacy_personal_data_exporters filter.
	 *
	 * @param array<string, array<string, mixed>> $exporters The exporters.
	 * @return array<string, array<string, mixed>>
	 */
	public static function exporters( $exporters ): array {
		return self::add_tools( $exporters, 'exporter_friendly_name', 'export_' );
	}

	/**
	 * The wp_privacy_personal_data_erasers filter.
	 *
	 * @param array<string, array<string, mixed>> $erasers The erasers.
	 * @return array<string, array<string, mixed>>
	 */
	public static function erasers( $erasers ): array {
		return self::add_tools( $erasers, 'eraser_friendly_name', 'erase_' );
	}

	/**
	 * Adds the plugin's exporters or erasers, one each for the notes, the preferences and the AI chats, to the
	 * filter's list: the callbacks are this class's methods named by $prefix and `notes` or
	 * `preferences` or `chats`.
	 *
	 * @param mixed  $tools    The filter's list.
	 * @param string $name_key The key of a tool's name: exporter_friendly_name or eraser_friendly_name.
	 * @param string $prefix   export_ or erase_.
	 * @return array<string, array<string, mixed>>
	 */
	private static function add_tools( $tools, string $name_key, string $prefix ): array {
		$tools = is_array( $tools ) ? $tools : array();
		$names = array(
			self::NOTES       => array( 'notes', __( 'MonsterInsights Reports site notes', 'monsterinsights-reports' ) ),
			self::PREFERENCES => array( 'preferences', __( 'MonsterInsights Reports preferences', 'monsterinsights-reports' ) ),
			self::CHATS       => array( 'chats', __( 'MonsterInsights Reports AI conversations', 'monsterinsights-reports' ) ),
		);
		foreach ( $names as $id => list( $what, $name ) ) {
			$tools[ $id ] = array(
				$name_key  => $name,
				'callback' => array( self::class, $prefix . $what ),
			);
		}
		return $tools;
	}

	/**
	 * Exports the notes the user wrote, a page at a time (oldest first).
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page, from 1.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public static function export_notes( $email, $page = 1 ): array {
		$user = self::user( $email );
		$ids  = null === $user ? array() : self::note_ids( $user->ID, max( 1, (int) $page ) );
		$data = array();
		foreach ( $ids as $id ) {
			$post = get_post( $id );
			if ( ! $post instanceof \WP_Post ) {
				continue;
			}
			$category = Categories::ref( Categories::of_note( $id ) );
			$data[]   = array(
				'group_id'          => self::NOTES,
				'group_label'       => __( 'Site notes', 'monsterinsights-reports' ),
				'group_description' => __( 'The notes about this site you wrote in its reports.', 'monsterinsights-reports' ),
				'item_id'           => 'monsterinsights-reports-note-' . $id,
				'data'              => array(
					array(
						'name'  => __( 'Note', 'monsterinsights-reports' ),
						'value' => Notes::title_text( $post->post_title ),
					),
					array(
						'name'  => __( 'Day', 'monsterinsights-reports' ),
						'value' => Notes::ymd( $post ),
					),
					array(
						'name'  => __( 'Category', 'monsterinsights-reports' ),
						'value' => (string) $category['name'],
					),
					array(
						'name'  => __( 'Important', 'monsterinsights-reports' ),
						'value' => Notes::is_important( $id ) ? __( 'Yes', 'monsterinsights-reports' ) : __( 'No', 'monsterinsights-reports' ),
					),
					array(
						'name'  => __( 'In the trash', 'monsterinsights-reports' ),
						'value' => 'trash' === $post->post_status ? __( 'Yes', 'monsterinsights-reports' ) : __( 'No', 'monsterinsights-reports' ),
					),
					array(
						'name'  => __( 'Last changed', 'monsterinsights-reports' ),
						'value' => $post->post_modified_gmt . ' UTC',
					),
				),
			);
		}
		return self::exported( $data, count( $ids ) < self::PAGE_SIZE );
	}

	/**
	 * Exports the user's preferences: their Overview metric selection, their notification
	 * dismissals and AI insight ratings on this site and their promo card dismissals; nothing when they have made no choice.
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page (one is enough).
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public static function export_preferences( $email, $page = 1 ): array {
		unset( $page );
		$user = self::user( $email );
		if ( null === $user ) {
			return self::exported( array(), true );
		}
		$fields  = array();
		$metrics = get_user_meta( $user->ID, MetricsController::META, true );
		if ( is_array( $metrics ) ) {
			$fields[] = array(
				'name'  => __( 'Metrics shown in the Overview', 'monsterinsights-reports' ),
				'value' => implode( ', ', array_map( 'strval', $metrics ) ),
			);
		}
		$dismissals = ( new Notifications() )->dismissals( $user->ID );
		if ( array() !== $dismissals ) {
			$list = array();
			foreach ( $dismissals as $id => $entry ) {
				$list[] = sprintf(
					/* translators: 1: a notification's id, 2: when it was dismissed (UTC). */
					__( '%1$s (dismissed %2$s)', 'monsterinsights-reports' ),
					$id,
					gmdate( 'Y-m-d H:i:s', $entry['time'] ) . ' UTC'
				);
			}
			$fields[] = array(
				'name'  => __( 'Dismissed notifications', 'monsterinsights-reports' ),
				'value' => implode( ', ', $list ),
			);
		}
		$promos = Promos::dismissed( $user->ID );
		if ( array() !== $promos ) {
			$fields[] = array(
				'name'  => __( 'Dismissed promo cards', 'monsterinsights-reports' ),
				'value' => implode( ', ', $promos ),
			);
		}
		$ratings = Insights::ratings( $user->ID );
		if ( array() !== $ratings ) {
			$list = array();
			foreach ( $ratings as $rating ) {
				$text = 1 === $rating['score'] ? __( 'thumbs up', 'monsterinsights-reports' ) : __( 'thumbs down', 'monsterinsights-reports' );
				if ( '' !== $rating['feedback'] ) {
					/* translators: 1: thumbs up or thumbs down, 2: the user's feedback. */
					$text = sprintf( __( '%1$s, feedback: %2$s', 'monsterinsights-reports' ), $text, $rating['feedback'] );
				}
				$list[] = $rating['insight_id'] . ': ' . $text;
			}
			$fields[] = array(
				'name'  => __( 'AI insight ratings', 'monsterinsights-reports' ),
				'value' => implode( '; ', $list ),
			);
		}
		if ( array() === $fields ) {
			return self::exported( array(), true );
		}
		$group = array(
			'group_id'          => self::PREFERENCES,
			'group_label'       => __( 'Report preferences', 'monsterinsights-reports' ),
			'group_description' => __( 'Your choices in this site’s reports.', 'monsterinsights-reports' ),
			'item_id'           => self::PREFERENCES . '-' . $user->ID,
			'data'              => $fields,
		);
		return self::exported( array( $group ), true );
	}

	/**
	 * Removes the user as the author of the notes they wrote, a page at a time; the notes stay.
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page (each request takes the first notes still theirs).
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	public static function erase_notes( $email, $page = 1 ): array {
		unset( $page );
		$user = self::user( $email );
		$ids  = null === $user ? array() : self::note_ids( $user->ID, 1 );
		foreach ( $ids as $id ) {
			self::set_author( $id, 0 );
		}
		if ( array() !== $ids ) {
			Notes::bump_version();
		}
		$messages = array();
		if ( array() !== $ids ) {
			$messages[] = sprintf(
				/* translators: %d: how many site notes. */
				_n(
					'%d site note written by this user was kept for the other users of the reports, without its author.',
					'%d site notes written by this user were kept for the other users of the reports, without their author.',
					count( $ids ),
					'monsterinsights-reports'
				),
				count( $ids )
			);
		}
		return self::erased( array() !== $ids, array() !== $ids, $messages, count( $ids ) < self::PAGE_SIZE );
	}

	/**
	 * Deletes the user's preferences: the metric selection, the promo card dismissals, this site's notification
	 * dismissals and AI insight ratings.
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page (one is enough).
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	public static function erase_preferences( $email, $page = 1 ): array {
		unset( $page );
		$user    = self::user( $email );
		$deleted = array();
		if ( null !== $user ) {
			$deleted = array(
				delete_user_meta( $user->ID, MetricsController::META ),
				delete_user_meta( $user->ID, Promos::META ),
				delete_user_option( $user->ID, Notifications::META ),
				// get_user_option() also reads the key without the site's prefix.
				delete_user_meta( $user->ID, Notifications::META ),
				Insights::forget( $user->ID ),
			);
		}
		return self::erased( in_array( true, $deleted, true ), false, array(), true );
	}

	/**
	 * Exports the user's Conversations AI chats on this site, one item per chat: its title and
	 * every message with its rating and feedback.
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page (one is enough).
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public static function export_chats( $email, $page = 1 ): array {
		unset( $page );
		$user = self::user( $email );
		$data = array();
		foreach ( null === $user ? array() : Chats::posts( $user->ID ) as $post ) {
			$entry  = Chats::entry( $post );
			$fields = array(
				array(
					'name'  => __( 'Title', 'monsterinsights-reports' ),
					'value' => '' === $entry['title'] ? $entry['preview'] : $entry['title'],
				),
				array(
					'name'  => __( 'Pinned', 'monsterinsights-reports' ),
					'value' => $entry['is_pinned'] ? __( 'Yes', 'monsterinsights-reports' ) : __( 'No', 'monsterinsights-reports' ),
				),
			);
			foreach ( Chats::messages( $post->ID ) as $message ) {
				$value = $message['content'];
				if ( null !== $message['rating'] ) {
					$value .= ' (' . ( 1 === $message['rating'] ? __( 'thumbs up', 'monsterinsights-reports' ) : __( 'thumbs down', 'monsterinsights-reports' ) ) . ')';
				}
				if ( '' !== $message['feedback'] ) {
					/* translators: %s: the user's feedback. */
					$value .= ' ' . sprintf( __( 'Feedback: %s', 'monsterinsights-reports' ), $message['feedback'] );
				}
				$fields[] = array(
					'name'  => 'user' === $message['role'] ? __( 'Question', 'monsterinsights-reports' ) : __( 'Answer', 'monsterinsights-reports' ),
					'value' => $value,
				);
			}
			$data[] = array(
				'group_id'          => self::CHATS,
				'group_label'       => __( 'AI conversations', 'monsterinsights-reports' ),
				'group_description' => __( 'Your conversations with the AI about this site’s reports.', 'monsterinsights-reports' ),
				'item_id'           => 'monsterinsights-reports-ai-chat-' . $post->ID,
				'data'              => $fields,
			);
		}
		return self::exported( $data, true );
	}

	/**
	 * Deletes the user's Conversations AI chats on this site.
	 *
	 * @param string $email The user's email address.
	 * @param int    $page  The page (one is enough).
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	public static function erase_chats( $email, $page = 1 ): array {
		unset( $page );
		$user    = self::user( $email );
		$removed = false;
		foreach ( null === $user ? array() : Chats::posts( $user->ID ) as $post ) {
			$removed = Chats::delete( $post->ID ) || $removed;
		}
		return self::erased( $removed, false, array(), true );
	}

	/**
	 * The user of an email address the privacy tools ask about, or null when none has it.
	 *
	 * @param mixed $email The email address.
	 */
	private static function user( $email ): ?\WP_User {
		$user = get_user_by( 'email', (string) $email );
		return $user instanceof \WP_User ? $user : null;
	}

	/**
	 * An exporter's answer, as WordPress's privacy tools read it.
	 *
	 * @param array<int, array<string, mixed>> $data The exported items.
	 * @param bool                             $done Whether this was the last page.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	private static function exported( array $data, bool $done ): array {
		return array(
			'data' => $data,
			'done' => $done,
		);
	}

	/**
	 * An eraser's answer, as WordPress's privacy tools read it.
	 *
	 * @param bool     $removed  Whether anything was removed.
	 * @param bool     $retained Whether anything was kept.
	 * @param string[] $messages What the admin is told.
	 * @param bool     $done     Whether this was the last page.
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	private static function erased( bool $removed, bool $retained, array $messages, bool $done ): array {
		return array(
			'items_removed'  => $removed,
			'items_retained' => $retained,
			'messages'       => $messages,
			'done'           => $done,
		);
	}

	/**
	 * The ids of the notes (published or trashed) a user wrote, oldest first.
	 *
	 * @param int $user_id The user.
	 * @param int $page    The page, from 1, of PAGE_SIZE.
	 * @return int[]
	 */
	private static function note_ids( int $user_id, int $page ): array {
		if ( $user_id <= 0 ) {
			return array();
		}
		$query = new \WP_Query(
			array(
				'post_type'              => Notes::POST_TYPE,
				'post_status'            => Notes::STATUSES,
				'author'                 => $user_id,
				'orderby'                => 'ID',
				'order'                  => 'ASC',
				'posts_per_page'         => self::PAGE_SIZE,
				'paged'                  => $page,
				'fields'                 => 'ids',
				'no_found_rows'          => true,
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			)
		);
		return array_map( 'intval', $query->posts );
	}

	/**
	 * Sets a post's author without touching anything else of it (wp_update_post() would also
	 * change its modified date and run every save hook of the post).
	 *
	 * @param int $post_id The post.
	 * @param int $user_id The author; 0 for none.
	 */
	private static function set_author( int $post_id, int $user_id ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- One column of one post; its cache is cleaned below.
		$wpdb->update( $wpdb->posts, array( 'post_author' => $user_id ), array( 'ID' => $post_id ), array( '%d' ), array( '%d' ) );
		clean_post_cache( $post_id );
	}
}
