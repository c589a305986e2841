<?php
/**
 * Site notes wired to WordPress: post type, taxonomy, meta, default categories, chart markers.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notes;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Uninstaller;

defined( 'ABSPATH' ) || exit;

/**
 * Registers the private post type `monsterinsights_note` and taxonomy
 * `monsterinsights_note_category` (served only by the plugin's REST controllers, guarded by the
 * plugin's capabilities), adds the notes of a chart's range to the overview chart, and keeps a
 * version of the notes that the report cache key includes.
 */
final class Module {

	/**
	 * Registers the hooks. Called once from Plugin::boot().
	 */
	public static function register(): void {
		add_action( 'init', array( self::class, 'register_types' ) );
		add_action( 'init', array( Categories::class, 'maybe_create_defaults' ), 20 );

		add_filter( 'wp_insert_post_data', array( Notes::class, 'never_future' ) );
		add_filter( 'wp_untrash_post_status', array( Notes::class, 'untrash_status' ), 10, 2 );

		add_filter( 'monsterinsights_reports_chart_notes', array( self::class, 'chart_notes' ), 10, 2 );
		add_filter( 'monsterinsights_reports_cache_version', array( self::class, 'cache_version' ) );

		// Any change to a note or a category gives the notes a new version.
		add_action( 'save_post_' . Notes::POST_TYPE, array( Notes::class, 'bump_version' ) );
		add_action( 'deleted_post', array( self::class, 'on_post_change' ), 10, 2 );
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( self::class, 'on_post_meta_change' ), 10, 3 );
		}
		add_action( 'set_object_terms', array( self::class, 'on_object_terms_change' ), 10, 4 );
		foreach ( array( 'created_', 'edited_', 'delete_' ) as $prefix ) {
			add_action( $prefix . Categories::TAXONOMY, array( Notes::class, 'bump_version' ) );
		}
		foreach ( array( 'added_term_meta', 'updated_term_meta', 'deleted_term_meta' ) as $hook ) {
			add_action( $hook, array( self::class, 'on_term_meta_change' ), 10, 3 );
		}
	}

	/**
	 * Registers the post type, the taxonomy and their meta (once per request).
	 */
	public static function register_types(): void {
		if ( post_type_exists( Notes::POST_TYPE ) && taxonomy_exists( Categories::TAXONOMY ) ) {
			return;
		}
		$save = Capabilities::SAVE;
		$view = Capabilities::VIEW;

		register_post_type(
			Notes::POST_TYPE,
			array(
				'labels'              => array(
					'name'          => __( 'Site Notes', 'monsterinsights-reports' ),
					'singular_name' => __( 'Site Note', 'monsterinsights-reports' ),
				),
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => false,
				'show_in_menu'        => false,
				'show_in_nav_menus'   => false,
				'show_in_admin_bar'   => false,
				'show_in_rest'        => false,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'can_export'          => true,
				'delete_with_user'    => false,
				'supports'            => array( 'title', 'author' ),
				'map_meta_cap'        => false,
				'capabilities'        => array(
					'read'                   => $view,
					'read_post'              => $view,
					'read_private_posts'     => $view,
					'edit_post'              => $save,
					'edit_posts'             => $save,
					'edit_others_posts'      => $save,
					'edit_private_posts'     => $save,
					'edit_published_posts'   => $save,
					'publish_posts'          => $save,
					'create_posts'           => $save,
					'delete_post'            => $save,
					'delete_posts'           => $save,
					'delete_others_posts'    => $save,
					'delete_private_posts'   => $save,
					'delete_published_posts' => $save,
				),
			)
		);

		register_taxonomy(
			Categories::TAXONOMY,
			Notes::POST_TYPE,
			array(
				'labels'                => array(
					'name'          => __( 'Note Categories', 'monsterinsights-reports' ),
					'singular_name' => __( 'Note Category', 'monsterinsights-reports' ),
				),
				'public'                => false,
				'publicly_queryable'    => false,
				'show_ui'               => false,
				'show_in_menu'          => false,
				'show_in_nav_menus'     => false,
				'show_tagcloud'         => false,
				'show_in_quick_edit'    => false,
				'show_admin_column'     => false,
				'show_in_rest'          => false,
				'hierarchical'          => false,
				'rewrite'               => false,
				'query_var'             => false,
				'update_count_callback' => '_update_post_term_count',
				'capabilities'          => array(
					'manage_terms' => $save,
					'edit_terms'   => $save,
					'delete_terms' => $save,
					'assign_terms' => $save,
				),
			)
		);

		register_post_meta(
			Notes::POST_TYPE,
			Notes::META_IMPORTANT,
			array(
				'type'              => 'boolean',
				'description'       => __( 'Whether the note is important.', 'monsterinsights-reports' ),
				'single'            => true,
				'default'           => false,
				'show_in_rest'      => false,
				'sanitize_callback' => static fn( $value ) => in_array( $value, array( true, 1, '1', 'true', 'yes', 'on' ), true ) ? '1' : '0',
				'auth_callback'     => static fn() => current_user_can( Capabilities::SAVE ),
			)
		);
		register_post_meta(
			Notes::POST_TYPE,
			Notes::META_MEDIAS,
			array(
				'type'              => 'array',
				'description'       => __( 'Attachment ids of the note.', 'monsterinsights-reports' ),
				'single'            => true,
				'default'           => array(),
				'show_in_rest'      => false,
				'sanitize_callback' => static fn( $value ) => Notes::clean_ids( (array) $value ),
				'auth_callback'     => static fn() => current_user_can( Capabilities::SAVE ),
			)
		);
		register_term_meta(
			Categories::TAXONOMY,
			Categories::META_COLOR,
			array(
				'type'              => 'string',
				'description'       => __( 'Background colour of the category, #rrggbb.', 'monsterinsights-reports' ),
				'single'            => true,
				'default'           => Categories::DEFAULT_COLOR,
				'show_in_rest'      => false,
				'sanitize_callback' => static fn( $value ) => Categories::normalize_color( is_string( $value ) ? $value : '' ) ?? Categories::DEFAULT_COLOR,
				'auth_callback'     => static fn() => current_user_can( Capabilities::SAVE ),
			)
		);
	}

	/**
	 * What one site needs when the plugin becomes active on it: the default categories.
	 */
	public static function activate_site(): void {
		self::register_types();
		Categories::maybe_create_defaults();
	}

	/**
	 * Removes the current site's notes (with their meta and category links), categories (with
	 * their meta) and options.
	 */
	public static function uninstall_site(): void {
		self::register_types();
		Uninstaller::delete_posts( Notes::POST_TYPE );

		$terms = get_terms(
			array(
				'taxonomy'   => Categories::TAXONOMY,
				'hide_empty' => false,
				'fields'     => 'ids',
			)
		);
		foreach ( is_array( $terms ) ? $terms : array() as $term_id ) {
			wp_delete_term( (int) $term_id, Categories::TAXONOMY );
		}
		delete_option( Categories::CREATED_OPTION );
		delete_option( Notes::VERSION_OPTION );
	}

	/**
	 * `monsterinsights_reports_chart_notes` filter: adds the published notes of the chart's range.
	 * Each carries the Unix time of 00:00 of its day in the range's timezone, the unit of the
	 * chart's timestamps.
	 *
	 * @param mixed $notes Notes already there.
	 * @param mixed $range The chart's range.
	 * @return array<int, mixed>
	 */
	public static function chart_notes( $notes, $range = null ): array {
		$notes = array_values( (array) $notes );
		if ( ! $range instanceof DateRange || ! post_type_exists( Notes::POST_TYPE ) ) {
			return $notes;
		}
		$tz = $range->start->getTimezone();
		foreach ( Notes::published_between( $range->start_ymd(), $range->end_ymd() ) as $post ) {
			$ymd      = Notes::ymd( $post );
			$category = Categories::ref( Categories::of_note( $post->ID ) );
			$notes[]  = array(
				'id'        => (int) $post->ID,
				'title'     => Notes::title_text( $post->post_title ),
				'date'      => $ymd,
				'timestamp' => Notes::midnight( $ymd, $tz ),
				'color'     => $category['background_color'],
				'category'  => $category['name'],
				'important' => Notes::is_important( $post->ID ),
			);
		}
		return $notes;
	}

	/**
	 * `monsterinsights_reports_cache_version` filter: cached reports change with the notes.
	 *
	 * @param mixed $version The version so far.
	 */
	public static function cache_version( $version ): string {
		return (string) $version . '|notes:' . Notes::version();
	}

	/**
	 * `deleted_post`: a note deleted for good.
	 *
	 * @param int           $post_id The post.
	 * @param \WP_Post|null $post    The post.
	 */
	public static function on_post_change( $post_id, $post = null ): void {
		unset( $post_id );
		if ( $post instanceof \WP_Post && Notes::POST_TYPE === $post->post_type ) {
			Notes::bump_version();
		}
	}

	/**
	 * Post meta hooks: a note's important flag or medias changed.
	 *
	 * @param mixed $meta_ids  Meta id(s).
	 * @param int   $object_id The post.
	 * @param mixed $meta_key  The key.
	 */
	public static function on_post_meta_change( $meta_ids, $object_id, $meta_key ): void {
		unset( $meta_ids );
		if ( in_array( $meta_key, array( Notes::META_IMPORTANT, Notes::META_MEDIAS ), true ) && Notes::POST_TYPE === get_post_type( (int) $object_id ) ) {
			Notes::bump_version();
		}
	}

	/**
	 * `set_object_terms`: a note's category changed.
	 *
	 * @param int    $object_id The object.
	 * @param mixed  $terms     The terms.
	 * @param mixed  $tt_ids    Term taxonomy ids.
	 * @param string $taxonomy  The taxonomy.
	 */
	public static function on_object_terms_change( $object_id, $terms, $tt_ids, $taxonomy ): void {
		unset( $object_id, $terms, $tt_ids );
		if ( Categories::TAXONOMY === $taxonomy ) {
			Notes::bump_version();
		}
	}

	/**
	 * Term meta hooks: a category's colour changed.
	 *
	 * @param mixed $meta_ids  Meta id(s).
	 * @param int   $object_id The term.
	 * @param mixed $meta_key  The key.
	 */
	public static function on_term_meta_change( $meta_ids, $object_id, $meta_key ): void {
		unset( $meta_ids );
		if ( Categories::META_COLOR !== $meta_key ) {
			return;
		}
		$term = get_term( (int) $object_id );
		if ( $term instanceof \WP_Term && Categories::TAXONOMY === $term->taxonomy ) {
			Notes::bump_version();
		}
	}
}
