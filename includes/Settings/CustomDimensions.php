<?php
/**
 * The custom dimensions the Dimensions report shows.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Settings;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;

defined( 'ABSPATH' ) || exit;

/**
 * Seven dimensions, each a table of the Dimensions report
 * (docs/product-rules.md#dimensions-forms-and-media): five come from the WordPress object of the
 * page (its post's author, post type, categories, tags and month of publication), two from the
 * visitor at the time of the page view (logged in or not, and the role). Which are shown is the
 * tracking setting `custom_dimensions` (all by default); the `dimensions` module must be active for
 * any of them.
 */
final class CustomDimensions {

	/**
	 * The keys, in display order, with the Query dimension each asks for.
	 */
	public const DIMENSIONS = array(
		'author'       => Dimension::AUTHOR,
		'post_type'    => Dimension::POST_TYPE,
		'category'     => Dimension::CATEGORY,
		'tags'         => Dimension::TAGS,
		'published_at' => Dimension::PUBLISHED_AT,
		'logged_in'    => Dimension::LOGGED_IN,
		'user_role'    => Dimension::USER_ROLE,
	);

	/**
	 * The keys whose values the tracker sends with a page view (the others come from the post).
	 */
	public const AT_HIT_TIME = array( 'logged_in', 'user_role' );

	/**
	 * The setting's key in the tracking settings.
	 */
	public const SETTING = 'custom_dimensions';

	/**
	 * Every key.
	 *
	 * @return string[]
	 */
	public static function keys(): array {
		return array_keys( self::DIMENSIONS );
	}

	/**
	 * A stored list as the setting: known keys only, each once, in display order.
	 *
	 * @param mixed $value The stored value.
	 * @return string[]
	 */
	public static function normalize( $value ): array {
		if ( ! is_array( $value ) ) {
			return self::keys();
		}
		$value = array_map( static fn( $key ): string => is_string( $key ) ? $key : '', $value );
		return array_values( array_intersect( self::keys(), $value ) );
	}

	/**
	 * The dimensions the site shows, in display order (the setting; none while the module is off).
	 *
	 * @return string[]
	 */
	public static function enabled(): array {
		return Modules::is_active( 'dimensions' ) ? self::chosen() : array();
	}

	/**
	 * The dimensions the setting names, whether or not the module is on.
	 *
	 * @return string[]
	 */
	public static function chosen(): array {
		return Tracking::get()[ self::SETTING ];
	}

	/**
	 * Whether page views should carry the visitor's login state and role: the module is on and
	 * one of the two dimensions is shown.
	 */
	public static function records_user(): bool {
		return array() !== array_intersect( self::AT_HIT_TIME, self::enabled() );
	}

	/**
	 * The Dimensions report's payload depends on the setting: it is part of that report's cache
	 * key (filter `monsterinsights_reports_cache_version`).
	 *
	 * @param mixed $version The version so far.
	 * @param mixed $report  The report's name.
	 */
	public static function cache_version( $version, $report = '' ): string {
		return 'dimensions' === $report ? (string) $version . '|dimensions:' . implode( ',', self::chosen() ) : (string) $version;
	}

	/**
	 * The translated title of each dimension (the table's title and its first column).
	 *
	 * @return array<string, array{title: string, column: string, tooltip: string}>
	 */
	public static function labels(): array {
		return array(
			'author'       => array(
				'title'   => __( 'Most Popular Authors', 'monsterinsights-reports' ),
				'column'  => __( 'Author', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views of the posts of each author.', 'monsterinsights-reports' ),
			),
			'post_type'    => array(
				'title'   => __( 'Most Popular Post Types', 'monsterinsights-reports' ),
				'column'  => __( 'Post Type', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views of the posts, pages and other content of each type.', 'monsterinsights-reports' ),
			),
			'category'     => array(
				'title'   => __( 'Most Popular Categories', 'monsterinsights-reports' ),
				'column'  => __( 'Category', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views of the posts in each category; a post in two categories counts in both.', 'monsterinsights-reports' ),
			),
			'tags'         => array(
				'title'   => __( 'Most Popular Tags', 'monsterinsights-reports' ),
				'column'  => __( 'Tag', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views of the posts with each tag; a post with two tags counts for both.', 'monsterinsights-reports' ),
			),
			'published_at' => array(
				'title'   => __( 'Most Popular Publication Months', 'monsterinsights-reports' ),
				'column'  => __( 'Published', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views of the posts published in each month.', 'monsterinsights-reports' ),
			),
			'logged_in'    => array(
				'title'   => __( 'Logged-in Status', 'monsterinsights-reports' ),
				'column'  => __( 'Status', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views by visitors who were logged in and by those who were not.', 'monsterinsights-reports' ),
			),
			'user_role'    => array(
				'title'   => __( 'Most Active User Roles', 'monsterinsights-reports' ),
				'column'  => __( 'User Role', 'monsterinsights-reports' ),
				'tooltip' => __( 'Page views by the role of the logged-in visitor; visitors who were not logged in are Logged out.', 'monsterinsights-reports' ),
			),
		);
	}
}
