<?php
/**
 * Site note categories: a private taxonomy with a background colour per term.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notes;

defined( 'ABSPATH' ) || exit;

/**
 * The taxonomy `monsterinsights_note_category` (id, name, background_color, a default shade when
 * absent) and its three default terms, created once per site.
 */
final class Categories {

	public const TAXONOMY = 'monsterinsights_note_category';

	/**
	 * Term meta holding the colour, #rrggbb.
	 */
	public const META_COLOR = 'background_color';

	/**
	 * The colour of a category without one, and of notes without a category.
	 */
	public const DEFAULT_COLOR = '#7f8b97';

	/**
	 * Set once the default categories were created on a site; they are not created again after
	 * the user deleted them.
	 */
	public const CREATED_OPTION = 'monsterinsights_reports_note_categories_created';

	/**
	 * The default categories: translated name => colour.
	 *
	 * @return array<string, string>
	 */
	public static function defaults(): array {
		return array(
			__( 'Website Updates', 'monsterinsights-reports' ) => '#2271b1',
			__( 'Blog Post', 'monsterinsights-reports' ) => '#00a32a',
			__( 'Promotion', 'monsterinsights-reports' ) => '#d63638',
		);
	}

	/**
	 * Creates the default categories unless this site already has them (runs on `init`, on the
	 * first notes request, on activation and on a new site of a network).
	 */
	public static function maybe_create_defaults(): void {
		if ( get_option( self::CREATED_OPTION ) || ! taxonomy_exists( self::TAXONOMY ) ) {
			return;
		}
		foreach ( self::defaults() as $name => $color ) {
			if ( null !== self::find_by_name( $name ) ) {
				continue;
			}
			$term = wp_insert_term( $name, self::TAXONOMY );
			if ( is_array( $term ) ) {
				update_term_meta( (int) $term['term_id'], self::META_COLOR, $color );
			}
		}
		update_option( self::CREATED_OPTION, '1', true );
	}

	/**
	 * A category by id; null when there is none in the taxonomy.
	 *
	 * @param int $id The term id.
	 */
	public static function get( int $id ): ?\WP_Term {
		if ( $id <= 0 ) {
			return null;
		}
		$term = get_term( $id, self::TAXONOMY );
		return $term instanceof \WP_Term && self::TAXONOMY === $term->taxonomy ? $term : null;
	}

	/**
	 * A category by name (case-insensitive, as the database compares); null when there is none.
	 *
	 * @param string $name The sanitised name.
	 */
	public static function find_by_name( string $name ): ?\WP_Term {
		$found = term_exists( $name, self::TAXONOMY );
		if ( ! is_array( $found ) ) {
			return null;
		}
		return self::get( (int) $found['term_id'] );
	}

	/**
	 * The category of a note; null when it has none.
	 *
	 * @param int $post_id The note.
	 */
	public static function of_note( int $post_id ): ?\WP_Term {
		$terms = get_the_terms( $post_id, self::TAXONOMY );
		if ( ! is_array( $terms ) || array() === $terms ) {
			return null;
		}
		usort( $terms, static fn( \WP_Term $a, \WP_Term $b ) => $a->term_id <=> $b->term_id );
		return $terms[0];
	}

	/**
	 * A colour as lowercase #rrggbb; null when it is not #rgb or #rrggbb.
	 *
	 * @param string $color The colour.
	 */
	public static function normalize_color( string $color ): ?string {
		$color = strtolower( trim( $color ) );
		if ( preg_match( '/^#([0-9a-f])([0-9a-f])([0-9a-f])$/', $color, $m ) ) {
			return '#' . $m[1] . $m[1] . $m[2] . $m[2] . $m[3] . $m[3];
		}
		return preg_match( '/^#[0-9a-f]{6}$/', $color ) ? $color : null;
	}

	/**
	 * A category's colour, or the default shade.
	 *
	 * @param \WP_Term $term The category.
	 */
	public static function color( \WP_Term $term ): string {
		$stored = get_term_meta( $term->term_id, self::META_COLOR, true );
		return self::normalize_color( is_string( $stored ) ? $stored : '' ) ?? self::DEFAULT_COLOR;
	}

	/**
	 * A category's name as plain text (WordPress stores names HTML-encoded).
	 *
	 * @param \WP_Term $term The category.
	 */
	public static function name( \WP_Term $term ): string {
		return wp_strip_all_tags( html_entity_decode( $term->name, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	}

	/**
	 * The category as a note carries it: id 0, no name and the default shade when none.
	 *
	 * @param \WP_Term|null $term The category.
	 * @return array{id: int, name: string, background_color: string}
	 */
	public static function ref( ?\WP_Term $term ): array {
		if ( null === $term ) {
			return array(
				'id'               => 0,
				'name'             => '',
				'background_color' => self::DEFAULT_COLOR,
			);
		}
		return array(
			'id'               => (int) $term->term_id,
			'name'             => self::name( $term ),
			'background_color' => self::color( $term ),
		);
	}

	/**
	 * The category entity of the REST routes, with its number of published notes.
	 *
	 * @param \WP_Term $term The category.
	 * @return array{id: int, name: string, background_color: string, count: int}
	 */
	public static function to_array( \WP_Term $term ): array {
		return self::ref( $term ) + array( 'count' => (int) $term->count );
	}
}
