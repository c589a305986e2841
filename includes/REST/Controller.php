<?php
/**
 * Base of every REST controller of the plugin.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Capabilities;

defined( 'ABSPATH' ) || exit;

/**
 * Shared namespace, route registration, permission callbacks, schema caching and the answers every
 * controller gives alike (201 with Location, { deleted, previous }, a refused write as a 500). Every
 * route of the plugin has a permission callback and an args schema; WordPress validates and
 * sanitises the args against it before the callback.
 *
 * A subclass sets its route base with `protected $rest_base = '…';`, registers its routes with
 * add_route() and endpoint(), and describes its answers in item_schema().
 */
abstract class Controller extends \WP_REST_Controller {

	public const NAMESPACE = 'monsterinsights-reports/v1';

	/**
	 * Largest page of a paged list.
	 */
	public const MAX_PER_PAGE = 100;

	/**
	 * Sets the namespace for every subclass.
	 */
	public function __construct() {
		$this->namespace = self::NAMESPACE;
	}

	/**
	 * Hooks what every route of the plugin shares before WordPress matches a route.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_dispatch', array( self::class, 'refuse_json_scalars' ), 10, 3 );
	}

	/**
	 * `rest_pre_dispatch` filter: a JSON body of the plugin's routes that is a string, a number or
	 * a boolean (not an object, a list or null) is a 400 rest_invalid_json. WordPress would take
	 * such a body as the request's parameters and fail on it as PHP warnings.
	 *
	 * @param mixed            $result  The answer so far (null: none).
	 * @param \WP_REST_Server  $server  The server.
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return mixed
	 */
	public static function refuse_json_scalars( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof \WP_REST_Request || ! str_starts_with( $request->get_route(), '/' . self::NAMESPACE . '/' ) || ! $request->is_json_content_type() ) {
			return $result;
		}
		$body = trim( (string) $request->get_body() );
		if ( '' === $body ) {
			return $result;
		}
		$json = json_decode( $body );
		if ( null === $json || is_array( $json ) || is_object( $json ) ) {
			// Null, a list or an object; a syntax error is WordPress's own 400.
			return $result;
		}
		return new \WP_Error( 'rest_invalid_json', __( 'The request body must be a JSON object.', 'monsterinsights-reports' ), array( 'status' => 400 ) );
	}

	/**
	 * Registers a route below the controller's base.
	 *
	 * @param string                           $path      What follows the base: '' or, say, '/(?P<id>[\d]+)'.
	 * @param array<int, array<string, mixed>> $endpoints The route's endpoints (see endpoint()).
	 * @param string|\Closure                  $schema    The method of this controller answering the route's
	 *                                                    schema, or a closure; '' for none.
	 */
	protected function add_route( string $path, array $endpoints, string|\Closure $schema = 'get_public_item_schema' ): void {
		if ( '' !== $schema ) {
			$endpoints['schema'] = is_string( $schema ) ? array( $this, $schema ) : $schema;
		}
		register_rest_route( $this->namespace, '/' . $this->rest_base . $path, $endpoints );
	}

	/**
	 * One endpoint of a route. A JSON null for an argument whose schema type does not allow null
	 * is a 400 (WordPress validates no null value and would sanitise it to '', 0 or false).
	 *
	 * @param string                              $methods    The HTTP methods (a \WP_REST_Server constant).
	 * @param string|\Closure                     $callback   A method of this controller, or a closure.
	 * @param string                              $permission The permission method of this controller.
	 * @param array<string, array<string, mixed>> $args       The args schema.
	 * @return array<string, mixed>
	 */
	protected function endpoint( string $methods, string|\Closure $callback, string $permission = 'can_view', array $args = array() ): array {
		return array(
			'methods'             => $methods,
			'callback'            => is_string( $callback ) ? array( $this, $callback ) : $callback,
			'permission_callback' => array( $this, $permission ),
			'args'                => self::refuse_null( $args ),
		);
	}

	/**
	 * The args with a sanitize callback that refuses null (a 400 rest_invalid_param naming the
	 * argument) before the argument's own sanitising, unless its type allows null.
	 *
	 * WordPress skips the validation of an argument whose value is null, then sanitises that null
	 * like any value: without this, `{"name": null}` reaches a callback as ''.
	 *
	 * @param array<string, array<string, mixed>> $args The args schema.
	 * @return array<string, array<string, mixed>>
	 */
	public static function refuse_null( array $args ): array {
		foreach ( $args as $name => $arg ) {
			if ( in_array( 'null', (array) ( $arg['type'] ?? array() ), true ) ) {
				continue;
			}
			$sanitize = array_key_exists( 'sanitize_callback', $arg ) ? $arg['sanitize_callback'] : ( empty( $arg['type'] ) ? null : 'rest_parse_request_arg' );

			$args[ $name ]['sanitize_callback'] = static function ( $value, $request, $param ) use ( $sanitize ) {
				if ( null === $value ) {
					return new \WP_Error(
						'rest_invalid_param',
						/* translators: %s: the parameter's name. */
						sprintf( __( '%s must not be null.', 'monsterinsights-reports' ), $param ),
						array( 'status' => 400 )
					);
				}
				return is_callable( $sanitize ) ? call_user_func( $sanitize, $value, $request, $param ) : $value;
			};
		}
		return $args;
	}

	/**
	 * Permission callback: the user may see the reports.
	 *
	 * @return true|\WP_Error
	 */
	public function can_view() {
		return $this->require_capability( Capabilities::VIEW, __( 'Sorry, you are not allowed to view these reports.', 'monsterinsights-reports' ) );
	}

	/**
	 * Permission callback: the user may change settings.
	 *
	 * @return true|\WP_Error
	 */
	public function can_save() {
		return $this->require_capability( Capabilities::SAVE, __( 'Sorry, you are not allowed to change these settings.', 'monsterinsights-reports' ) );
	}

	/**
	 * True, or a 401/403 error with a readable message.
	 *
	 * @param string $capability The capability to check.
	 * @param string $message    The message when the check fails.
	 * @return true|\WP_Error
	 */
	protected function require_capability( string $capability, string $message ) {
		if ( current_user_can( $capability ) ) {
			return true;
		}
		return new \WP_Error( 'rest_forbidden', $message, array( 'status' => rest_authorization_required_code() ) );
	}

	/**
	 * The schema of the controller's answers, built once.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( ! $this->schema ) {
			$this->schema = $this->item_schema();
		}
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * The schema of the controller's answers (see document()); none by default.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return array();
	}

	/**
	 * A schema as a JSON Schema document of its own.
	 *
	 * @param string               $title  Its title, after the plugin's prefix.
	 * @param array<string, mixed> $schema The schema.
	 * @return array<string, mixed>
	 */
	protected static function document( string $title, array $schema ): array {
		return array(
			'$schema' => 'http://json-schema.org/draft-04/schema#',
			'title'   => 'monsterinsights-reports-' . $title,
		) + $schema;
	}

	/**
	 * The answer of a route that only refuses (a catch-all for names without a route): a REST
	 * error, as WordPress sends a WP_Error.
	 *
	 * @return array<string, mixed>
	 */
	protected static function error_schema(): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'code'    => array(
					'description' => __( 'The error code.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'message' => array(
					'description' => __( 'What went wrong, for the user.', 'monsterinsights-reports' ),
					'type'        => 'string',
				),
				'data'    => array(
					'description' => __( 'The HTTP status and, for a locked report, the licence level it needs.', 'monsterinsights-reports' ),
					'type'        => 'object',
				),
			),
		);
	}

	/**
	 * The `id` argument of a route `…/(?P<id>[\d]+)`.
	 *
	 * @param string $description What the id names.
	 * @return array<string, array<string, mixed>>
	 */
	protected static function id_arg( string $description ): array {
		return array(
			'id' => array(
				'description' => $description,
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
	}


	/**
	 * The paging args of a list: `page` from 1 and `per_page` from 1 to MAX_PER_PAGE, or -1 for all.
	 *
	 * @param string $per_page_description What per_page counts.
	 * @param int    $per_page_default     per_page when the request has none.
	 * @return array<string, array<string, mixed>>
	 */
	protected static function paging_args( string $per_page_description, int $per_page_default ): array {
		return array(
			'page'     => array(
				'description' => __( 'The page, from 1.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'default'     => 1,
			),
			'per_page' => array(
				'description'       => $per_page_description,
				'type'              => 'integer',
				'default'           => $per_page_default,
				'validate_callback' => array( self::class, 'validate_per_page' ),
			),
		);
	}

	/**
	 * The sorting args of a list: `orderby` one of $fields, `order` asc or desc.
	 *
	 * @param string   $description   What orderby sorts by.
	 * @param string[] $fields        The fields it may name.
	 * @param string   $default_field The field when the request names none.
	 * @param string   $default_order asc or desc.
	 * @return array<string, array<string, mixed>>
	 */
	protected static function order_args( string $description, array $fields, string $default_field, string $default_order ): array {
		return array(
			'orderby' => array(
				'description' => $description,
				'type'        => 'string',
				'enum'        => $fields,
				'default'     => $default_field,
			),
			'order'   => array(
				'description' => __( 'Ascending or descending order.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
				'default'     => $default_order,
			),
		);
	}

	/**
	 * The `search` arg of a list: plain text, empty by default.
	 *
	 * @param string $description What the search looks in.
	 * @return array<string, array<string, mixed>>
	 */
	protected static function search_arg( string $description ): array {
		return array(
			'search' => array(
				'description'       => $description,
				'type'              => 'string',
				'default'           => '',
				'sanitize_callback' => 'sanitize_text_field',
			),
		);
	}

	/**
	 * Validates per_page: -1, or 1 to MAX_PER_PAGE.
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
	 * How many pages of $per_page items $total items fill; -1 per page is one page (none when
	 * there is nothing).
	 *
	 * @param int $total    The items.
	 * @param int $per_page Items per page, or -1 for all.
	 */
	protected static function page_count( int $total, int $per_page ): int {
		if ( -1 === $per_page ) {
			return $total > 0 ? 1 : 0;
		}
		return (int) ceil( $total / max( 1, $per_page ) );
	}

	/**
	 * A page of items: { items, pagination: { total, pages, page, per_page, …$counts } }.
	 *
	 * @param array<int, array<string, mixed>> $items    The page's items, as the routes show them.
	 * @param int                              $total    Items matching the request.
	 * @param int                              $page     The page, from 1.
	 * @param int                              $per_page Items per page, or -1 for all.
	 * @param array<string, int>               $counts   Further counts of the pagination.
	 */
	protected static function page_of( array $items, int $total, int $page, int $per_page, array $counts = array() ): \WP_REST_Response {
		return rest_ensure_response(
			array(
				'items'      => $items,
				'pagination' => array(
					'total'    => $total,
					'pages'    => self::page_count( $total, $per_page ),
					'page'     => $page,
					'per_page' => $per_page,
				) + $counts,
			)
		);
	}

	/**
	 * The JSON schema of a page of items (page_of()).
	 *
	 * @param string                $title             The document's title, after the plugin's prefix.
	 * @param array<string, mixed>  $item              An item's schema.
	 * @param string                $items_description What `items` holds; '' for no description.
	 * @param array<string, string> $pagination        Descriptions of the pagination's integers
	 *                                                 (total, pages, page, per_page, then further
	 *                                                 counts); '' or absent for none.
	 * @return array<string, mixed>
	 */
	protected static function page_schema( string $title, array $item, string $items_description, array $pagination ): array {
		$described  = static fn( string $description ): array => '' === $description ? array() : array( 'description' => $description );
		$properties = array();
		foreach ( array_merge( array_fill_keys( array( 'total', 'pages', 'page', 'per_page' ), '' ), $pagination ) as $field => $description ) {
			$properties[ $field ] = $described( $description ) + array( 'type' => 'integer' );
		}
		return self::document(
			$title,
			array(
				'type'       => 'object',
				'properties' => array(
					'items'      => $described( $items_description ) + array(
						'type'  => 'array',
						'items' => $item,
					),
					'pagination' => array(
						'type'       => 'object',
						'properties' => $properties,
					),
				),
			)
		);
	}

	/**
	 * A 201 answer with the new item and its Location.
	 *
	 * @param array<string, mixed> $item The item as the routes show it.
	 * @param int                  $id   Its id.
	 */
	protected function created( array $item, int $id ): \WP_REST_Response {
		$response = rest_ensure_response( $item );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $id ) ) );
		return $response;
	}

	/**
	 * The answer of a deletion for good: { deleted: true, previous }.
	 *
	 * @param array<string, mixed> $previous The item as it was.
	 */
	protected static function deleted( array $previous ): \WP_REST_Response {
		return rest_ensure_response(
			array(
				'deleted'  => true,
				'previous' => $previous,
			)
		);
	}

	/**
	 * A 400 for one refused argument, naming it in `params` as WordPress's own validation does.
	 *
	 * @param string      $code          The error code.
	 * @param string      $message       The message.
	 * @param string      $param         The argument's name.
	 * @param string|null $param_message What `params` says of it; the message when null.
	 */
	protected static function invalid_param( string $code, string $message, string $param, ?string $param_message = null ): \WP_Error {
		return new \WP_Error(
			$code,
			$message,
			array(
				'status' => 400,
				'params' => array( $param => $param_message ?? $message ),
			)
		);
	}

	/**
	 * A 400 for an argument a validate callback (or the route) refused, naming it in `param`.
	 *
	 * @param string $code    The error code.
	 * @param string $message The message.
	 * @param string $param   The argument's name (`tracking.excluded_ips[0]` for a part of one).
	 */
	protected static function refused_arg( string $code, string $message, string $param ): \WP_Error {
		return new \WP_Error(
			$code,
			$message,
			array(
				'status' => 400,
				'param'  => $param,
			)
		);
	}

	/**
	 * A write WordPress refused, as a 500 with its message.
	 *
	 * @param \WP_Error $error The error.
	 */
	protected static function server_error( \WP_Error $error ): \WP_Error {
		$data = $error->get_error_data();
		if ( ! is_array( $data ) || ! isset( $data['status'] ) ) {
			$error->add_data( array( 'status' => 500 ) );
		}
		return $error;
	}

	/**
	 * Validates a plain-text argument: its schema first, then not empty once cleaned and at most
	 * $max characters.
	 *
	 * @param mixed            $value      The value.
	 * @param \WP_REST_Request $request    The request.
	 * @param string           $param      The parameter's name.
	 * @param callable         $clean      Cleans the value to the text stored: (mixed) => string.
	 * @param int              $max        The most characters.
	 * @param string           $empty_code The error code of an empty text.
	 * @param string           $long_code  The error code of a text over $max.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @phpstan-param callable(mixed): string $clean
	 * @return true|\WP_Error
	 */
	protected static function validate_text( $value, $request, string $param, callable $clean, int $max, string $empty_code, string $long_code ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$text = $clean( $value );
		if ( '' === $text ) {
			return new \WP_Error(
				$empty_code,
				/* translators: %s: the parameter's name. */
				sprintf( __( '%s must not be empty.', 'monsterinsights-reports' ), $param ),
				array( 'status' => 400 )
			);
		}
		if ( mb_strlen( $text ) > $max ) {
			return new \WP_Error(
				$long_code,
				/* translators: 1: the parameter's name, 2: the largest number of characters. */
				sprintf( __( '%1$s must be at most %2$d characters long.', 'monsterinsights-reports' ), $param, $max ),
				array( 'status' => 400 )
			);
		}
		return true;
	}
}
