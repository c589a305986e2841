<?php
/**
 * The feature feedback widget's entries: a rating from 1 to 5 and a message per user, per site
 * and per feature.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Feedback;

defined( 'ABSPATH' ) || exit;

/**
 * Each user's feedback is a user option (user meta under the site's table prefix, see
 * update_user_option()), so the sites of a network keep theirs apart: a map of feature key to
 * { rating, message, date }. A user gives feedback once per feature; the widget is not shown again
 * for a feature the user rated.
 *
 * The features that ask for feedback are listed here and nowhere else: the REST route's enum, the
 * boot data and the app's widget (which shows on the screens of the report of the same name) read
 * them from here.
 */
final class FeatureFeedback {

	/**
	 * The user option holding a user's feedback on the current site.
	 */
	public const META = 'monsterinsights_reports_feature_feedback';

	/**
	 * Lowest and highest rating.
	 */
	public const MIN_RATING = 1;
	public const MAX_RATING = 5;

	/**
	 * Longest message, in characters.
	 */
	public const MAX_MESSAGE = 2000;

	/**
	 * The features that ask for feedback: their keys (the names of their reports) and labels.
	 *
	 * @return array<string, string>
	 */
	public static function features(): array {
		return array(
			'exceptions'   => __( 'Exceptions', 'monsterinsights-reports' ),
			'sitespeed'    => __( 'Site Speed', 'monsterinsights-reports' ),
			'userjourney'  => __( 'User Journey', 'monsterinsights-reports' ),
			'yearinreview' => __( 'Year in Review', 'monsterinsights-reports' ),
		);
	}

	/**
	 * The feature keys.
	 *
	 * @return list<string>
	 */
	public static function keys(): array {
		return array_keys( self::features() );
	}

	/**
	 * A user's stored feedback on the current site, by feature (unknown features left out).
	 *
	 * @param int $user_id The user.
	 * @return array<string, array{rating: int, message: string, date: string}>
	 */
	private static function stored( int $user_id ): array {
		$stored = get_user_option( self::META, $user_id );
		if ( ! is_array( $stored ) ) {
			return array();
		}
		$entries = array();
		foreach ( $stored as $feature => $entry ) {
			if ( ! is_string( $feature ) || ! is_array( $entry ) ) {
				continue;
			}
			$entries[ $feature ] = array(
				'rating'  => (int) ( $entry['rating'] ?? 0 ),
				'message' => (string) ( $entry['message'] ?? '' ),
				'date'    => (string) ( $entry['date'] ?? '' ),
			);
		}
		return $entries;
	}

	/**
	 * The features a user already gave feedback on, on the current site, in the order of features().
	 *
	 * @param int $user_id The user.
	 * @return list<string>
	 */
	public static function rated( int $user_id ): array {
		$stored = self::stored( $user_id );
		return array_values( array_filter( self::keys(), static fn( string $key ): bool => isset( $stored[ $key ] ) ) );
	}

	/**
	 * Stores a user's feedback on a feature and fires `monsterinsights_reports_feature_feedback`
	 * with the entry, so a site can forward it elsewhere. Nothing is stored when
	 * the user already gave feedback on it.
	 *
	 * @param int    $user_id The user.
	 * @param string $feature A key of features().
	 * @param int    $rating  From MIN_RATING to MAX_RATING.
	 * @param string $message The message, plain text.
	 * @return array<string, mixed>|null The entry, or null when the user already gave feedback on it.
	 */
	public static function add( int $user_id, string $feature, int $rating, string $message ): ?array {
		$stored = self::stored( $user_id );
		if ( isset( $stored[ $feature ] ) ) {
			return null;
		}
		$stored[ $feature ] = array(
			'rating'  => $rating,
			'message' => $message,
			'date'    => gmdate( 'Y-m-d\TH:i:s\Z' ),
		);
		update_user_option( $user_id, self::META, $stored );
		$entry = self::entry( $user_id, $feature, $stored[ $feature ] );

		/**
		 * Fires once a user's feature feedback is stored, so a site can forward it elsewhere.
		 *
		 * @param array<string, mixed> $entry The entry: user_id, user_name, feature_key,
		 *                                    feature_label, rating, message, date (UTC, ISO 8601),
		 *                                    site_id.
		 */
		do_action( 'monsterinsights_reports_feature_feedback', $entry );
		return $entry;
	}

	/**
	 * Every user's feedback on the current site, newest first (then by user and feature).
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function all(): array {
		global $wpdb;
		$user_ids = get_users(
			array(
				// Any user with feedback on this site, a member of it or not (a super admin).
				'blog_id'  => 0,
				'meta_key' => $wpdb->get_blog_prefix() . self::META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- An admin's list, rarely read.
				'fields'   => 'ID',
				'orderby'  => 'ID',
			)
		);
		$entries  = array();
		foreach ( $user_ids as $user_id ) {
			foreach ( self::stored( (int) $user_id ) as $feature => $entry ) {
				$entries[] = self::entry( (int) $user_id, $feature, $entry );
			}
		}
		usort(
			$entries,
			static fn( array $a, array $b ): int => array( $b['date'], $a['user_id'], $a['feature_key'] ) <=> array( $a['date'], $b['user_id'], $b['feature_key'] )
		);
		return $entries;
	}

	/**
	 * An entry as the routes and the action show it.
	 *
	 * @param int                                               $user_id The user.
	 * @param string                                            $feature The feature key.
	 * @param array{rating: int, message: string, date: string} $stored  The stored feedback.
	 * @return array<string, mixed>
	 */
	private static function entry( int $user_id, string $feature, array $stored ): array {
		$user = get_userdata( $user_id );
		return array(
			'user_id'       => $user_id,
			'user_name'     => $user ? $user->display_name : '',
			'feature_key'   => $feature,
			'feature_label' => self::features()[ $feature ] ?? $feature,
			'rating'        => $stored['rating'],
			'message'       => $stored['message'],
			'date'          => $stored['date'],
			'site_id'       => get_current_blog_id(),
		);
	}
}
