<?php
/**
 * Site notes: monsterinsights-reports/v1/notes (docs/product-rules.md#site-notes).
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
 *
 * @extends ItemsController<\WP_Post>
 */
final class NotesController extends ItemsController {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'notes';

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$id        = $this->register_item_routes(
			__( 'The note id.', 'monsterinsights-reports' ),
			$this->note_args( true ),
			$this->note_args( false ),
			array(
				'force' => array(
					'description' => __( 'Delete the note for good instead of moving it to the trash.', 'monsterinsights-reports' ),
					'type'        => 'boolean',
					'default'     => false,
				),
			)
		);
		$important = array(
			'description' => __( 'Whether the note is important; toggled when absent.', 'monsterinsights-reports' ),
			'type'        => 'boolean',
		);
		$this->add_route( '/(?P<id>[\d]+)/important', array( $this->endpoint( \WP_REST_Server::CREATABLE, 'set_important', 'can_save', $id + array( 'important' => $important ) ) ) );
		$this->add_route( '/(?P<id>[\d]+)/restore', array( $this->endpoint( \WP_REST_Server::CREATABLE, 'restore_item', 'can_save', $id ) ) );
	}

	/**
	 * The arguments of GET /notes.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params() {
		return self::order_args( __( 'Sort by id, date or title.', 'monsterinsights-reports' ), array( 'id', 'note_date', 'note_title' ), 'note_date', 'desc' )
			+ self::paging_args( __( 'Notes per page, 1 to 100, or -1 for all.', 'monsterinsights-reports' ), 10 )
			+ self::search_arg( __( 'Words the title contains.', 'monsterinsights-reports' ) )
			+ array(
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
		return self::validate_text( $value, $request, $param, array( Notes::class, 'clean_title' ), Notes::MAX_TITLE, 'rest_note_empty_title', 'rest_note_title_too_long' );
	}

	/**
	 * The note of an id, or a 404.
	 *
	 * @param int $id The post id.
	 */
	protected function find( int $id ): \WP_Post|\WP_Error {
		return Notes::get( $id ) ?? new \WP_Error( 'rest_note_not_found', __( 'There is no site note with this id.', 'monsterinsights-reports' ), array( 'status' => 404 ) );
	}

	/**
	 * A note as the routes show it.
	 *
	 * @param object $item The note.
	 * @phpstan-param \WP_Post $item
	 * @return array<string, mixed>
	 */
	protected function to_array( object $item ): array {
		return Notes::to_array( $item );
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
			return self::invalid_param( 'rest_note_invalid_range', __( 'start must not be after end.', 'monsterinsights-reports' ), 'start' );
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
		$counts   = array(
			'total_published' => $result['total_published'],
			'total_important' => $result['total_important'],
		);
		return self::page_of( array_map( array( Notes::class, 'to_array' ), $result['items'] ), $result['total'], $page, $per_page, $counts );
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
				return self::invalid_param(
					'rest_note_invalid_category',
					/* translators: %d: the category id. */
					sprintf( __( 'category: there is no note category with the id %d.', 'monsterinsights-reports' ), $fields['category'] ),
					'category',
					__( 'category must be 0 or the id of an existing note category.', 'monsterinsights-reports' )
				);
			}
		}
		if ( isset( $fields['medias'] ) ) {
			$fields['medias'] = Notes::clean_ids( (array) $fields['medias'] );
			$missing          = Notes::missing_media( $fields['medias'] );
			if ( array() !== $missing ) {
				return self::invalid_param(
					'rest_note_invalid_media',
					/* translators: %s: attachment ids, comma-separated. */
					sprintf( __( 'medias: these ids are not attachments in the media library: %s.', 'monsterinsights-reports' ), implode( ', ', $missing ) ),
					'medias',
					__( 'medias must be ids of attachments in the media library.', 'monsterinsights-reports' )
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
			return self::server_error( $note );
		}
		return $this->created( Notes::to_array( $note ), $note->ID );
	}

	/**
	 * Answers POST|PUT|PATCH /notes/{id}: changes the fields given.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		$note = $this->item( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$fields = $this->fields( $request );
		if ( $fields instanceof \WP_Error ) {
			return $fields;
		}
		return self::save( $note, $fields );
	}

	/**
	 * Answers POST /notes/{id}/important: sets the flag, or toggles it when the request has none.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function set_important( $request ) {
		$note = $this->item( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$important = $request->get_param( 'important' );
		$important = null === $important ? ! Notes::is_important( $note->ID ) : (bool) $important;
		return self::save( $note, array( 'important' => $important ) );
	}

	/**
	 * Writes fields of an existing note: the note as saved, or a 500.
	 *
	 * @param \WP_Post             $note   The note.
	 * @param array<string, mixed> $fields The fields.
	 * @return \WP_REST_Response|\WP_Error
	 */
	private static function save( \WP_Post $note, array $fields ) {
		$saved = Notes::save( $note, $fields );
		return $saved instanceof \WP_Error ? self::server_error( $saved ) : rest_ensure_response( Notes::to_array( $saved ) );
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
		$note = $this->item( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		$previous = Notes::to_array( $note );
		if ( ! $request->get_param( 'force' ) ) {
			if ( 'trash' !== $note->post_status && ! wp_trash_post( $note->ID ) ) {
				return self::server_error( new \WP_Error( 'rest_note_not_trashed', __( 'The note could not be moved to the trash.', 'monsterinsights-reports' ) ) );
			}
			$trashed = Notes::get( $note->ID );
			if ( null !== $trashed ) {
				return rest_ensure_response( Notes::to_array( $trashed ) );
			}
			// The site has no trash (EMPTY_TRASH_DAYS is 0): WordPress deleted the note for good.
		} elseif ( ! wp_delete_post( $note->ID, true ) ) {
			return self::server_error( new \WP_Error( 'rest_note_not_deleted', __( 'The note could not be deleted.', 'monsterinsights-reports' ) ) );
		}
		return self::deleted( $previous );
	}

	/**
	 * Answers POST /notes/{id}/restore: the note, published again.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function restore_item( $request ) {
		$note = $this->item( $request );
		if ( $note instanceof \WP_Error ) {
			return $note;
		}
		if ( 'trash' === $note->post_status && ! wp_untrash_post( $note->ID ) ) {
			return self::server_error( new \WP_Error( 'rest_note_not_restored', __( 'The note could not be restored.', 'monsterinsights-reports' ) ) );
		}
		return $this->current( $note->ID );
	}

	/**
	 * The JSON schema of a note (GET|POST|PUT|PATCH /notes/{id}, POST /notes, /important,
	 * /restore, and each item of GET /notes); src/store/notes/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document( 'note', self::note_schema() );
	}

	/**
	 * The JSON schema of GET /notes: { items, pagination }.
	 *
	 * @return array<string, mixed>
	 */
	public function get_public_collection_schema(): array {
		$pagination = array(
			'total'           => __( 'Notes matching every filter.', 'monsterinsights-reports' ),
			'pages'           => __( 'Pages of notes; 0 when there is none.', 'monsterinsights-reports' ),
			'per_page'        => __( 'Notes per page; -1 for all.', 'monsterinsights-reports' ),
			'total_published' => __( 'Published notes of the date range and search, important or not.', 'monsterinsights-reports' ),
			'total_important' => __( 'Important published notes of the date range and search.', 'monsterinsights-reports' ),
		);
		return self::page_schema( 'notes', self::note_schema(), __( 'The notes of the page.', 'monsterinsights-reports' ), $pagination );
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
