<?php
/**
 * Site note categories: monsterinsights-reports/v1/note-categories
 * (docs/product-rules.md#site-notes).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;

defined( 'ABSPATH' ) || exit;

/**
 * GET /note-categories (list), POST /note-categories (create), POST|PUT|PATCH|DELETE
 * /note-categories/{id}. Reads need `monsterinsights_view_dashboard`, writes
 * `monsterinsights_save_settings`. Names are unique; colours are stored as lowercase #rrggbb.
 *
 * @extends ItemsController<\WP_Term>
 */
final class NoteCategoriesController extends ItemsController {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'note-categories';

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->register_item_routes( __( 'The category id.', 'monsterinsights-reports' ), $this->category_args( true ), $this->category_args( false ) );
	}

	/**
	 * The arguments of GET /note-categories.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		return self::paging_args( __( 'Categories per page, 1 to 100, or -1 for all.', 'monsterinsights-reports' ), -1 )
			+ self::order_args( __( 'Sort by name or id.', 'monsterinsights-reports' ), array( 'name', 'id' ), 'name', 'asc' )
			+ self::search_arg( __( 'Words the name contains.', 'monsterinsights-reports' ) );
	}

	/**
	 * The fields of a category a request may write.
	 *
	 * @param bool $create Whether the category is being created (name required).
	 * @return array<string, array<string, mixed>>
	 */
	private function category_args( bool $create ): array {
		return array(
			'name'             => array(
				'description'       => __( 'The category name, unique, plain text.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => $create,
				'validate_callback' => array( self::class, 'validate_name' ),
				'sanitize_callback' => array( Notes::class, 'clean_name' ),
			),
			'background_color' => array(
				'description' => __( 'The colour, #rrggbb or #rgb.', 'monsterinsights-reports' ),
				'type'        => 'string',
			),
		);
	}

	/**
	 * Validates a name: not empty once sanitised, at most 200 characters (the terms table's).
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_name( $value, $request, $param ) {
		return self::validate_text( $value, $request, $param, array( Notes::class, 'clean_name' ), 200, 'rest_note_category_empty_name', 'rest_note_category_name_too_long' );
	}

	/**
	 * The category of an id, or a 404.
	 *
	 * @param int $id The term id.
	 */
	protected function find( int $id ): \WP_Term|\WP_Error {
		return Categories::get( $id ) ?? new \WP_Error( 'rest_note_category_not_found', __( 'There is no note category with this id.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * A category as the routes show it.
	 *
	 * @param object $item The category.
	 * @phpstan-param \WP_Term $item
	 * @return array<string, mixed>
	 */
	protected function to_array( object $item ): array {
		return Categories::to_array( $item );
	}

	/**
	 * Answers GET /note-categories.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_items( $request ) {
		Categories::maybe_create_defaults();
		$per_page = (int) $request->get_param( 'per_page' );
		$page     = max( 1, (int) $request->get_param( 'page' ) );
		$search   = (string) $request->get_param( 'search' );
		$filter   = array(
			'taxonomy'   => Categories::TAXONOMY,
			'hide_empty' => false,
		);
		if ( '' !== $search ) {
			$filter['name__like'] = $search;
		}
		$total = (int) wp_count_terms( $filter );

		$items = array();
		if ( -1 !== $per_page || 1 === $page ) {
			$args = $filter + array(
				'orderby' => 'id' === $request->get_param( 'orderby' ) ? 'term_id' : 'name',
				'order'   => 'desc' === $request->get_param( 'order' ) ? 'DESC' : 'ASC',
			);
			if ( -1 !== $per_page ) {
				$args['number'] = $per_page;
				$args['offset'] = ( $page - 1 ) * $per_page;
			}
			$terms = get_terms( $args );
			foreach ( is_array( $terms ) ? $terms : array() as $term ) {
				if ( $term instanceof \WP_Term ) {
					$items[] = Categories::to_array( $term );
				}
			}
		}
		return self::page_of( $items, $total, $page, $per_page );
	}

	/**
	 * The colour of a request, normalised; null when the request has none.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return string|null|\WP_Error
	 */
	private function color( $request ) {
		$color = $request->get_param( 'background_color' );
		if ( null === $color ) {
			return null;
		}
		$normalized = Categories::normalize_color( (string) $color );
		if ( null === $normalized ) {
			return self::invalid_param( 'rest_note_invalid_color', __( 'background_color must be a colour written #rrggbb or #rgb.', 'monsterinsights-reports' ), 'background_color' );
		}
		return $normalized;
	}

	/**
	 * A 400 for a name another category has.
	 *
	 * @param string $name The name.
	 */
	private function exists_error( string $name ): \WP_Error {
		/* translators: %s: the category name. */
		$message = sprintf( __( 'name: a note category named “%s” already exists.', 'monsterinsights-reports' ), $name );
		return self::invalid_param( 'rest_note_category_exists', $message, 'name' );
	}

	/**
	 * Answers POST /note-categories: 201 and the new category.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		Categories::maybe_create_defaults();
		$name  = (string) $request->get_param( 'name' );
		$color = $this->color( $request );
		if ( $color instanceof \WP_Error ) {
			return $color;
		}
		if ( null !== Categories::find_by_name( $name ) ) {
			return $this->exists_error( $name );
		}
		$term = wp_insert_term( $name, Categories::TAXONOMY );
		if ( $term instanceof \WP_Error ) {
			return 'term_exists' === $term->get_error_code() ? $this->exists_error( $name ) : self::server_error( $term );
		}
		$id = (int) $term['term_id'];
		update_term_meta( $id, Categories::META_COLOR, $color ?? Categories::DEFAULT_COLOR );
		$saved = Categories::get( $id );
		if ( null === $saved ) {
			return self::server_error( new \WP_Error( 'rest_note_category_not_saved', __( 'The category could not be saved.', 'monsterinsights-reports' ) ) );
		}
		return $this->created( Categories::to_array( $saved ), $id );
	}

	/**
	 * Answers POST|PUT|PATCH /note-categories/{id}: changes the name and/or the colour.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$term = $this->item( $request );
		if ( $term instanceof \WP_Error ) {
			return $term;
		}
		$color = $this->color( $request );
		if ( $color instanceof \WP_Error ) {
			return $color;
		}
		$name = $request->get_param( 'name' );
		if ( null !== $name ) {
			$name  = (string) $name;
			$other = Categories::find_by_name( $name );
			if ( null !== $other && $other->term_id !== $term->term_id ) {
				return $this->exists_error( $name );
			}
			$updated = wp_update_term( $term->term_id, Categories::TAXONOMY, array( 'name' => $name ) );
			if ( $updated instanceof \WP_Error ) {
				return 'duplicate_term_slug' === $updated->get_error_code() ? $this->exists_error( $name ) : self::server_error( $updated );
			}
		}
		if ( null !== $color ) {
			update_term_meta( $term->term_id, Categories::META_COLOR, $color );
		}
		clean_term_cache( $term->term_id, Categories::TAXONOMY );
		return $this->current( $term->term_id );
	}

	/**
	 * Answers DELETE /note-categories/{id}: { deleted: true, previous }; its notes keep no
	 * category.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function delete_item( $request ) {
		$term = $this->item( $request );
		if ( $term instanceof \WP_Error ) {
			return $term;
		}
		$previous = Categories::to_array( $term );
		$deleted  = wp_delete_term( $term->term_id, Categories::TAXONOMY );
		if ( true !== $deleted ) {
			return self::server_error( $deleted instanceof \WP_Error ? $deleted : new \WP_Error( 'rest_note_category_not_deleted', __( 'The category could not be deleted.', 'monsterinsights-reports' ) ) );
		}
		return self::deleted( $previous );
	}

	/**
	 * The JSON schema of a category; src/store/notes/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document( 'note-category', self::category_schema() );
	}

	/**
	 * The JSON schema of GET /note-categories: { items, pagination }.
	 *
	 * @return array<string, mixed>
	 */
	public function get_public_collection_schema(): array {
		return self::page_schema( 'note-categories', self::category_schema(), '', array( 'per_page' => __( 'Categories per page; -1 for all.', 'monsterinsights-reports' ) ) );
	}

	/**
	 * A category's schema, without the document keys.
	 *
	 * @return array<string, mixed>
	 */
	private static function category_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'id'               => array( 'type' => 'integer' ),
				'name'             => array( 'type' => 'string' ),
				'background_color' => array(
					'description' => __( 'The colour, #rrggbb; a default shade when the category has none.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'pattern'     => '^#[0-9a-f]{6}$',
				),
				'count'            => array(
					'description' => __( 'Published notes in the category.', 'monsterinsights-reports' ),
					'type'        => 'integer',
				),
			),
		);
	}
}
