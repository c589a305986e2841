<?php
/**
 * Site note categories: monsterinsights-reports/v1/note-categories (spec 1 §3 "Note category", §7).
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
 */
final class NoteCategoriesController extends Controller {

	/**
	 * Largest page.
	 */
	public const MAX_PER_PAGE = 100;

	/**
	 * Sets the route base.
	 */
	public function __construct() {
		parent::__construct();
		$this->rest_base = 'note-categories';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => \WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'can_view' ),
					'args'                => $this->get_collection_params(),
				),
				array(
					'methods'             => \WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $this->category_args( true ),
				),
				'schema' => array( $this, 'get_public_collection_schema' ),
			)
		);

		$id = array(
			'id' => array(
				'description' => __( 'The category id.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[\d]+)',
			array(
				array(
					'methods'             => \WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'can_view' ),
					'args'                => $id,
				),
				array(
					'methods'             => \WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $id + $this->category_args( false ),
				),
				array(
					'methods'             => \WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $id,
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * The arguments of GET /note-categories.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		return array(
			'page'     => array(
				'description' => __( 'The page, from 1.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'default'     => 1,
			),
			'per_page' => array(
				'description'       => __( 'Categories per page, 1 to 100, or -1 for all.', 'monsterinsights-reports' ),
				'type'              => 'integer',
				'default'           => -1,
				'validate_callback' => array( NotesController::class, 'validate_per_page' ),
			),
			'orderby'  => array(
				'description' => __( 'Sort by name or id.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'name', 'id' ),
				'default'     => 'name',
			),
			'order'    => array(
				'description' => __( 'Ascending or descending order.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
				'default'     => 'asc',
			),
			'search'   => array(
				'description'       => __( 'Words the name contains.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'sanitize_text_field',
			),
		);
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
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$name = Notes::clean_name( $value );
		if ( '' === $name ) {
			return new \WP_Error(
				'rest_note_category_empty_name',
				/* translators: %s: the parameter's name. */
				sprintf( __( '%s must not be empty.', 'monsterinsights-reports' ), $param ),
				array( 'status' => 400 )
			);
		}
		if ( mb_strlen( $name ) > 200 ) {
			return new \WP_Error(
				'rest_note_category_name_too_long',
				/* translators: 1: the parameter's name, 2: the largest number of characters. */
				sprintf( __( '%1$s must be at most %2$d characters long.', 'monsterinsights-reports' ), $param, 200 ),
				array( 'status' => 400 )
			);
		}
		return true;
	}

	/**
	 * The category of a request's id, or a 404.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_Term|\WP_Error
	 */
	private function category( $request ) {
		$term = Categories::get( (int) $request->get_param( 'id' ) );
		if ( null === $term ) {
			return new \WP_Error( 'rest_note_category_not_found', __( 'There is no note category with this id.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
		}
		return $term;
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
		if ( -1 === $per_page ) {
			$pages = $total > 0 ? 1 : 0;
		} else {
			$pages = (int) ceil( $total / max( 1, $per_page ) );
		}
		return rest_ensure_response(
			array(
				'items'      => $items,
				'pagination' => array(
					'total'    => $total,
					'pages'    => $pages,
					'page'     => $page,
					'per_page' => $per_page,
				),
			)
		);
	}

	/**
	 * Answers GET /note-categories/{id}.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_item( $request ) {
		$term = $this->category( $request );
		if ( $term instanceof \WP_Error ) {
			return $term;
		}
		return rest_ensure_response( Categories::to_array( $term ) );
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
			$message = __( 'background_color must be a colour written #rrggbb or #rgb.', 'monsterinsights-reports' );
			return new \WP_Error(
				'rest_note_invalid_color',
				$message,
				array(
					'status' => 400,
					'params' => array( 'background_color' => $message ),
				)
			);
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
		return new \WP_Error(
			'rest_note_category_exists',
			$message,
			array(
				'status' => 400,
				'params' => array( 'name' => $message ),
			)
		);
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
			return 'term_exists' === $term->get_error_code() ? $this->exists_error( $name ) : $this->server_error( $term );
		}
		$id = (int) $term['term_id'];
		update_term_meta( $id, Categories::META_COLOR, $color ?? Categories::DEFAULT_COLOR );
		$saved = Categories::get( $id );
		if ( null === $saved ) {
			return $this->server_error( new \WP_Error( 'rest_note_category_not_saved', __( 'The category could not be saved.', 'monsterinsights-reports' ) ) );
		}
		$response = rest_ensure_response( Categories::to_array( $saved ) );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $id ) ) );
		return $response;
	}

	/**
	 * Answers POST|PUT|PATCH /note-categories/{id}: changes the name and/or the colour.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$term = $this->category( $request );
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
				return 'duplicate_term_slug' === $updated->get_error_code() ? $this->exists_error( $name ) : $this->server_error( $updated );
			}
		}
		if ( null !== $color ) {
			update_term_meta( $term->term_id, Categories::META_COLOR, $color );
		}
		clean_term_cache( $term->term_id, Categories::TAXONOMY );
		$saved = Categories::get( $term->term_id );
		return null === $saved ? $this->category( $request ) : rest_ensure_response( Categories::to_array( $saved ) );
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
		$term = $this->category( $request );
		if ( $term instanceof \WP_Error ) {
			return $term;
		}
		$previous = Categories::to_array( $term );
		$deleted  = wp_delete_term( $term->term_id, Categories::TAXONOMY );
		if ( true !== $deleted ) {
			return $this->server_error( $deleted instanceof \WP_Error ? $deleted : new \WP_Error( 'rest_note_category_not_deleted', __( 'The category could not be deleted.', 'monsterinsights-reports' ) ) );
		}
		return rest_ensure_response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
	}

	/**
	 * A write WordPress refused, as a 500 with its message.
	 *
	 * @param \WP_Error $error The error.
	 */
	private function server_error( \WP_Error $error ): \WP_Error {
		$data = $error->get_error_data();
		if ( ! is_array( $data ) || ! isset( $data['status'] ) ) {
			$error->add_data( array( 'status' => 500 ) );
		}
		return $error;
	}

	/**
	 * The JSON schema of a category; src/store/notes/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = array(
			'$schema' => 'http://json-schema.org/draft-04/schema#',
			'title'   => 'monsterinsights-reports-note-category',
		) + self::category_schema();
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The JSON schema of GET /note-categories: { items, pagination }.
	 *
	 * @return array<string, mixed>
	 */
	public function get_public_collection_schema(): array {
		$integer = array( 'type' => 'integer' );
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'monsterinsights-reports-note-categories',
			'type'       => 'object',
			'properties' => array(
				'items'      => array(
					'type'  => 'array',
					'items' => self::category_schema(),
				),
				'pagination' => array(
					'type'       => 'object',
					'properties' => array(
						'total'    => $integer,
						'pages'    => $integer,
						'page'     => $integer,
						'per_page' => array( 'description' => __( 'Categories per page; -1 for all.', 'monsterinsights-reports' ) ) + $integer,
					),
				),
			),
		);
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
