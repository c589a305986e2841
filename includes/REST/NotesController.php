<?php
/**
 * Site notes: monsterinsights-reports/v1/notes (spec 1 §2 "Site notes panel", §3, §4, §5, §7).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;

defined( 'ABSPATH' ) || exit;

/**
 * GET /notes (list with filters and counts), POST /notes (create), GET|POST|PUT|PATCH|DELETE
 * /notes/{id}, POST /notes/{id}/important, POST /notes/{id}/restore. Reads need
 * `monsterinsights_view_dashboard`, writes `monsterinsights_save_settings`.
 */
final class NotesController extends Controller {

	/**
	 * Largest page.
	 */
	public const MAX_PER_PAGE = 100;

	/**
	 * Sets the route base.
	 */
	public function __construct() {
		parent::__construct();
		$this->rest_base = 'notes';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id = array(
			'id' => array(
				'description' => __( 'The note id.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);

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
					'args'                => $this->note_args( true ),
				),
				'schema' => array( $this, 'get_public_collection_schema' ),
			)
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
					'args'                => $id + $this->note_args( false ),
				),
				array(
					'methods'             => \WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $id + array(
						'force' => array(
							'description' => __( 'Delete the note for good instead of moving it to the trash.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);

		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[\d]+)/important',
			array(
				array(
					'methods'             => \WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'set_important' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $id + array(
						'important' => array(
							'description' => __( 'Whether the note is important; toggled when absent.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);

		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[\d]+)/restore',
			array(
				array(
					'methods'             => \WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'restore_item' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => $id,
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * The arguments of GET /notes.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		return array(
			'orderby'   => array(
				'description' => __( 'Sort by id, date or title.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'id', 'note_date', 'note_title' ),
				'default'     => 'note_date',
			),
			'order'     => array(
				'description' => __( 'Ascending or descending order.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
				'default'     => 'desc',
			),
			'per_page'  => array(
				'description'       => __( 'Notes per page, 1 to 100, or -1 for all.', 'monsterinsights-reports' ),
				'type'              => 'integer',
				'default'           => 10,
				'validate_callback' => array( self::class, 'validate_per_page' ),
			),
			'page'      => array(
				'description' => __( 'The page, from 1.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'default'     => 1,
			),
			'important' => array(
				'description' => __( 'Only important notes when true.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'start'     => array(
				'description'       => __( 'First day of the notes (Y-m-d, inclusive).', 'monsterinsights-reports' ),
				'type'              => 'string',
				'validate_callback' => array( self::class, 'validate_date' ),
			),
			'end'       => array(
				'description'       => __( 'Last day of the notes (Y-m-d, inclusive).', 'monsterinsights-reports' ),
				'type'              => 'string',
				'validate_callback' => array( self::class, 'validate_date' ),
			),
			'search'    => array(
				'description'       => __( 'Words the title contains.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'sanitize_text_field',
			),
			'status'    => array(
				'description' => __( 'Published notes, or notes in the trash.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => Notes::STATUSES,
				'default'     => 'publish',
			),
		);
	}

	/**
	 * The fields of a note a request may write.
	 *
	 * @param bool $create Whether the note is being created (title and date required).
	 * @return array<string, array<string, mixed>>
	 */
	private function note_args( bool $create ): array {
		$args = array(
			'note_title' => array(
				'description'       => __( 'The note, plain text, at most 255 characters.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => $create,
				'validate_callback' => array( self::class, 'validate_title' ),
				'sanitize_callback' => array( Notes::class, 'clean_title' ),
			),
			'note_date'  => array(
				'description'       => __( 'The day of the note (Y-m-d, site timezone), 2005-01-01 to 2099-12-31.', 'monsterinsights-reports' ),
				'type'              => 'string',
				'required'          => $create,
				'validate_callback' => array( self::class, 'validate_date' ),
			),
			'category'   => array(
				'description' => __( 'The note category id; 0 for none.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 0,
			),
			'important'  => array(
				'description' => __( 'Whether the note is important.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
			),
			'medias'     => array(
				'description' => __( 'Attachment ids.', 'monsterinsights-reports' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
			),
		);
		if ( $create ) {
			$args['category']['default']  = 0;
			$args['important']['default'] = false;
			$args['medias']['default']    = array();
		}
		return $args;
	}

	/**
	 * Validates per_page: -1, or 1 to 100.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_per_page( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$number = (int) $value;
		if ( -1 === $number || ( $number >= 1 && $number <= self::MAX_PER_PAGE ) ) {
			return true;
		}
		return new \WP_Error(
			'rest_invalid_param',
			/* translators: %s: the parameter's name. */
			sprintf( __( '%s must be -1 (all) or a number from 1 to 100.', 'monsterinsights-reports' ), $param ),
			array( 'status' => 400 )
		);
	}

	/**
	 * Validates a day: Y-m-d, a real calendar day from 2005-01-01 to 2099-12-31.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_date( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		if ( null !== Notes::parse_date( $value ) ) {
			return true;
		}
		return new \WP_Error(
			'rest_invalid_date',
			/* translators: %s: the parameter's name. */
			sprintf( __( '%s must be a real day written YYYY-MM-DD, from 2005-01-01 to 2099-12-31.', 'monsterinsights-reports' ), $param ),
			array( 'status' => 400 )
		);
	}

	/**
	 * Validates a title: not empty once sanitised (tags and line breaks removed), at most 255
	 * characters.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_title( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$title = Notes::clean_title( $value );
		if ( '' === $title ) {
			return new \WP_Error(
				'rest_note_empty_title',
				/* translators: %s: the parameter's name. */
				sprintf( __( '%s must not be empty.', 'monsterinsights-reports' ), $param ),
				array( 'status' => 400 )
			);
		}
		if ( mb_strlen( $title ) > Notes::MAX_TITLE ) {
			return new \WP_Error(
				'rest_note_title_too_long',
				/* translators: 1: the parameter's name, 2: the largest number of characters. */
				sprintf( __( '%1$s must be at most %2$d characters long.', 'monsterinsights-reports' ), $param, Notes::MAX_TITLE ),
				array( 'status' => 400 )
			);
		}
		return true;
	}

	/**
	 * The note of a request's id, or a 404.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_Post|\WP_Error
	 */
	private function note( $request ) {
		$note = Notes::get( (int) $request->get_param( 'id' ) );
		if ( null === $note ) {
			return new \WP_Error( 'rest_note_not_found', __( 'There is no site note with this id.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
		}
		return $note;
	}

	/**
	 * Answers GET /notes: a page of notes and the counts.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_items( $request ) {
		Categories::maybe_create_defaults();
		$start = $request->get_param( 'start' );
		$end   = $request->get_param( 'end' );
		$start = is_string( $start ) && '' !== $start ? $start : null;
		$end   = is_string( $end ) && '' !== $end ? $end : null;
		if ( null !== $start && null !== $end && $start > $end ) {
			return new \WP_Error(
				'rest_note_invalid_range',
				__( 'start must not be after end.', 'monsterinsights-reports' ),
				array(
					'status' => 400,
					'params' => array( 'start' => __( 'start must not be after end.', 'monsterinsights-reports' ) ),
				)
			);
		}
		$per_page = (int) $request->get_param( 'per_page' );
		$page     = max( 1, (int) $request->get_param( 'page' ) );
		$result   = Notes::query(
			array(
				'orderby'   => (string) $request->get_param( 'orderby' ),
				'order'     => (string) $request->get_param( 'order' ),
				'per_page'  => $per_page,
				'page'      => $page,
				'important' => (bool) $request->get_param( 'important' ),
				'start'     => $start,
				'end'       => $end,
				'search'    => (string) $request->get_param( 'search' ),
				'status'    => (string) $request->get_param( 'status' ),
			)
		);
		$total    = $result['total'];
		if ( -1 === $per_page ) {
			$pages = $total > 0 ? 1 : 0;
		} else {
			$pages = (int) ceil( $total / max( 1, $per_page ) );
		}
		return rest_ensure_response(
			array(
				'items'      => array_map( array( Notes::class, 'to_array' ), $result['items'] ),
				'pagination' => array(
					'total'           => $total,
					'pages'           => $pages,
					'page'            => $page,
					'per_page'        => $per_page,
					'total_published' => $result['total_published'],
					'total_important' => $result['total_important'],
				),
			)
		);
	}

	/**
	 * Answers GET /notes/{id}.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_item( $request ) {
		$note = $this->note( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		return rest_ensure_response( Notes::to_array( $note ) );
	}

	/**
	 * The writable fields a request carries, checked against the categories and attachments that
	 * exist: nothing is written when one is wrong.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, mixed>|\WP_Error
	 */
	private function fields( $request ) {
		$fields = array();
		foreach ( array( 'note_title', 'note_date', 'category', 'important', 'medias' ) as $key ) {
			if ( null !== $request->get_param( $key ) ) {
				$fields[ $key ] = $request->get_param( $key );
			}
		}
		if ( isset( $fields['category'] ) ) {
			$fields['category'] = (int) $fields['category'];
			if ( 0 !== $fields['category'] && null === Categories::get( $fields['category'] ) ) {
				return new \WP_Error(
					'rest_note_invalid_category',
					/* translators: %d: the category id. */
					sprintf( __( 'category: there is no note category with the id %d.', 'monsterinsights-reports' ), $fields['category'] ),
					array(
						'status' => 400,
						'params' => array( 'category' => __( 'category must be 0 or the id of an existing note category.', 'monsterinsights-reports' ) ),
					)
				);
			}
		}
		if ( isset( $fields['medias'] ) ) {
			$fields['medias'] = Notes::clean_ids( (array) $fields['medias'] );
			$missing          = Notes::missing_media( $fields['medias'] );
			if ( array() !== $missing ) {
				return new \WP_Error(
					'rest_note_invalid_media',
					/* translators: %s: attachment ids, comma-separated. */
					sprintf( __( 'medias: these ids are not attachments in the media library: %s.', 'monsterinsights-reports' ), implode( ', ', $missing ) ),
					array(
						'status' => 400,
						'params' => array( 'medias' => __( 'medias must be ids of attachments in the media library.', 'monsterinsights-reports' ) ),
					)
				);
			}
		}
		if ( isset( $fields['important'] ) ) {
			$fields['important'] = (bool) $fields['important'];
		}
		return $fields;
	}

	/**
	 * Answers POST /notes: 201 and the new note.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function create_item( $request ) {
		Categories::maybe_create_defaults();
		$fields = $this->fields( $request );
		if ( $fields instanceof \WP_Error ) {
			return $fields;
		}
		$note = Notes::save( null, $fields );
		if ( $note instanceof \WP_Error ) {
			return $this->server_error( $note );
		}
		$response = rest_ensure_response( Notes::to_array( $note ) );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $note->ID ) ) );
		return $response;
	}

	/**
	 * Answers POST|PUT|PATCH /notes/{id}: changes the fields given.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$note = $this->note( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$fields = $this->fields( $request );
		if ( $fields instanceof \WP_Error ) {
			return $fields;
		}
		$saved = Notes::save( $note, $fields );
		if ( $saved instanceof \WP_Error ) {
			return $this->server_error( $saved );
		}
		return rest_ensure_response( Notes::to_array( $saved ) );
	}

	/**
	 * Answers POST /notes/{id}/important: sets the flag, or toggles it when the request has none.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function set_important( $request ) {
		$note = $this->note( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$important = $request->get_param( 'important' );
		$important = null === $important ? ! Notes::is_important( $note->ID ) : (bool) $important;
		$saved     = Notes::save( $note, array( 'important' => $important ) );
		if ( $saved instanceof \WP_Error ) {
			return $this->server_error( $saved );
		}
		return rest_ensure_response( Notes::to_array( $saved ) );
	}

	/**
	 * Answers DELETE /notes/{id}: to the trash (the note, status trash), or for good with
	 * force=true ({ deleted: true, previous }).
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function delete_item( $request ) {
		$note = $this->note( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$previous = Notes::to_array( $note );
		if ( ! $request->get_param( 'force' ) ) {
			if ( 'trash' !== $note->post_status && ! wp_trash_post( $note->ID ) ) {
				return $this->server_error( new \WP_Error( 'rest_note_not_trashed', __( 'The note could not be moved to the trash.', 'monsterinsights-reports' ) ) );
			}
			$trashed = Notes::get( $note->ID );
			if ( null !== $trashed ) {
				return rest_ensure_response( Notes::to_array( $trashed ) );
			}
			// The site has no trash (EMPTY_TRASH_DAYS is 0): WordPress deleted the note for good.
		} elseif ( ! wp_delete_post( $note->ID, true ) ) {
			return $this->server_error( new \WP_Error( 'rest_note_not_deleted', __( 'The note could not be deleted.', 'monsterinsights-reports' ) ) );
		}
		return rest_ensure_response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
	}

	/**
	 * Answers POST /notes/{id}/restore: the note, published again.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function restore_item( $request ) {
		$note = $this->note( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		if ( 'trash' === $note->post_status && ! wp_untrash_post( $note->ID ) ) {
			return $this->server_error( new \WP_Error( 'rest_note_not_restored', __( 'The note could not be restored.', 'monsterinsights-reports' ) ) );
		}
		$restored = Notes::get( $note->ID );
		return null === $restored ? $this->note( $request ) : rest_ensure_response( Notes::to_array( $restored ) );
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
	 * The JSON schema of a note (GET|POST|PUT|PATCH /notes/{id}, POST /notes, /important,
	 * /restore, and each item of GET /notes); src/store/notes/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = array(
			'$schema' => 'http://json-schema.org/draft-04/schema#',
			'title'   => 'monsterinsights-reports-note',
		) + self::note_schema();
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The JSON schema of GET /notes: { items, pagination }.
	 *
	 * @return array<string, mixed>
	 */
	public function get_public_collection_schema(): array {
		$integer = array( 'type' => 'integer' );
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'monsterinsights-reports-notes',
			'type'       => 'object',
			'properties' => array(
				'items'      => array(
					'description' => __( 'The notes of the page.', 'monsterinsights-reports' ),
					'type'        => 'array',
					'items'       => self::note_schema(),
				),
				'pagination' => array(
					'type'       => 'object',
					'properties' => array(
						'total'           => array( 'description' => __( 'Notes matching every filter.', 'monsterinsights-reports' ) ) + $integer,
						'pages'           => array( 'description' => __( 'Pages of notes; 0 when there is none.', 'monsterinsights-reports' ) ) + $integer,
						'page'            => $integer,
						'per_page'        => array( 'description' => __( 'Notes per page; -1 for all.', 'monsterinsights-reports' ) ) + $integer,
						'total_published' => array( 'description' => __( 'Published notes of the date range and search, important or not.', 'monsterinsights-reports' ) ) + $integer,
						'total_important' => array( 'description' => __( 'Important published notes of the date range and search.', 'monsterinsights-reports' ) ) + $integer,
					),
				),
			),
		);
	}

	/**
	 * A note's schema, without the document keys.
	 *
	 * @return array<string, mixed>
	 */
	private static function note_schema(): array {
		$string = array( 'type' => 'string' );
		return array(
			'type'       => 'object',
			'properties' => array(
				'id'            => array( 'type' => 'integer' ),
				'note_title'    => array( 'description' => __( 'The note, plain text (render it as text).', 'monsterinsights-reports' ) ) + $string,
				'note_date'     => array( 'description' => __( 'The day in the site’s date format.', 'monsterinsights-reports' ) ) + $string,
				'note_date_ymd' => array(
					'description' => __( 'The day, Y-m-d.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'pattern'     => '^\\d{4}-\\d{2}-\\d{2}$',
				),
				'important'     => array( 'type' => 'boolean' ),
				'category'      => array(
					'description' => __( 'The category; id 0 and an empty name when none.', 'monsterinsights-reports' ),
					'type'        => 'object',
					'properties'  => array(
						'id'               => array( 'type' => 'integer' ),
						'name'             => $string,
						'background_color' => array(
							'type'    => 'string',
							'pattern' => '^#[0-9a-f]{6}$',
						),
					),
				),
				'medias'        => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array(
							'id'        => array( 'type' => 'integer' ),
							'url'       => $string,
							'title'     => $string,
							'mime_type' => $string,
							'thumbnail' => array( 'description' => __( 'Thumbnail URL; empty when the attachment has none.', 'monsterinsights-reports' ) ) + $string,
						),
					),
				),
				'status'        => array(
					'type' => 'string',
					'enum' => Notes::STATUSES,
				),
			),
		);
	}
}
