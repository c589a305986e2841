<?php
/**
 * Every route of the plugin answers bad input with a 4xx that has a code and a message.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Fuzzes every route registered under the plugin's namespace, for every method of every endpoint,
 * as an administrator (a super admin on a network, for the network routes) with every licence
 * feature: each argument of the endpoint's schema alone as null, empty string, text, numbers, a
 * boolean, a list, an object; all of them at once as null, '' and a list; and empty or non-object
 * JSON bodies; path ids of an existing item and of none. The routes come from the REST server,
 * so a new route is fuzzed without a change here.
 *
 * Every answer must be below 500; every 4xx must carry a non-empty `code` and `message`; and a
 * refused request must have written nothing (options, posts, terms, their meta, user meta and
 * network options are the same before and after it).
 */
class RestFuzzTest extends TestCase {

	use NotesRequests;

	/**
	 * Values of an argument in a query string: what a URL can carry.
	 */
	private const QUERY_VALUES = array(
		'empty'  => '',
		'text'   => 'abc',
		'minus'  => '-1',
		'float'  => '1.5',
		'list'   => array( 'x' ),
		'object' => array( 'k' => 'v' ),
	);

	/**
	 * Values of an argument in a JSON body.
	 */
	private const BODY_VALUES = array(
		'null'   => null,
		'empty'  => '',
		'text'   => 'abc',
		'zero'   => 0,
		'minus'  => -1,
		'float'  => 1.5,
		'true'   => true,
		'list'   => array( 'x' ),
		'nested' => array( array( 'x' ) ),
		'object' => array( 'k' => 'v' ),
	);

	/**
	 * Whole JSON bodies: none, empty, and JSON that is not an object.
	 */
	private const RAW_BODIES = array( '', '{}', '[]', 'null', '"x"', '1' );

	/**
	 * Ids of existing items by the route base they belong to.
	 *
	 * @var array<string, string>
	 */
	private array $ids = array();

	/**
	 * What went wrong, one line per request.
	 *
	 * @var string[]
	 */
	private array $failures = array();

	/**
	 * How many answers had each status.
	 *
	 * @var array<int, int>
	 */
	private array $statuses = array();

	/**
	 * An administrator with every feature, a note and a category to address, no outgoing HTTP.
	 */
	protected function set_up() {
		parent::set_up();
		$user = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $user );
		}
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		// The test's transaction is the caller's: the builtin tables' transactions nest in it.
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		add_filter(
			'pre_http_request',
			static fn(): array => array(
				'headers'  => array(),
				'body'     => '<html></html>',
				'response' => array(
					'code'    => 200,
					'message' => 'OK',
				),
				'cookies'  => array(),
				'filename' => null,
			)
		);
		$category                     = $this->create_category( 'Fuzzed' );
		$this->ids['note-categories'] = (string) $category['id'];
		$note                         = $this->create_note();
		$this->ids['notes']           = (string) $note['id'];
	}

	/**
	 * Every route, every method, every bad value.
	 */
	public function test_every_route_answers_bad_input_with_a_4xx(): void {
		$routes = rest_get_server()->get_routes( Controller::NAMESPACE );
		$this->assertGreaterThan( 20, count( $routes ), 'the plugin registers its routes' );
		$requests = 0;
		foreach ( $routes as $pattern => $handlers ) {
			if ( '/' . Controller::NAMESPACE === $pattern ) {
				continue;
			}
			foreach ( $this->paths( $pattern ) as $path ) {
				foreach ( $handlers as $handler ) {
					foreach ( array_keys( $handler['methods'] ) as $method ) {
						$requests += $this->fuzz( (string) $method, $path, array_keys( $handler['args'] ?? array() ) );
					}
				}
			}
		}
		$this->assertGreaterThan( 1000, $requests );
		// The fuzzing reached the callbacks (answers) as well as the schemas (refusals).
		$this->assertGreaterThan( 100, $this->statuses[200] ?? 0, (string) wp_json_encode( $this->statuses ) );
		$this->assertGreaterThan( 1000, $this->statuses[400] ?? 0, (string) wp_json_encode( $this->statuses ) );
		$this->assertSame( array(), $this->failures, count( $this->failures ) . ' of ' . $requests . " requests:\n" . implode( "\n", $this->failures ) );
	}

	/**
	 * Concrete paths of a route pattern: each named group as an existing item (when the route base
	 * has one) and as a missing one; optional groups left out.
	 *
	 * @param string $pattern The route's regex.
	 * @return string[]
	 */
	private function paths( string $pattern ): array {
		$pattern = (string) preg_replace( '/\(\?:[^()]*\)\?/', '', $pattern );
		if ( ! preg_match( '/\(\?P<(\w+)>/', $pattern ) ) {
			return array( $pattern );
		}
		$base    = explode( '/', substr( $pattern, strlen( '/' . Controller::NAMESPACE . '/' ) ) )[0];
		$paths   = array();
		$choices = array( 'existing', 'missing' );
		foreach ( $choices as $choice ) {
			$path    = (string) preg_replace_callback(
				'/\(\?P<(\w+)>((?:[^()]|\([^()]*\))*)\)/',
				function ( array $group ) use ( $choice, $base ): string {
					$numeric = str_contains( $group[2], '\d' );
					if ( 'existing' === $choice && 'id' === $group[1] && isset( $this->ids[ $base ] ) ) {
						return $this->ids[ $base ];
					}
					return $numeric ? '987654321' : 'no-such-' . $group[1];
				},
				$pattern
			);
			$paths[] = $path;
		}
		return array_values( array_unique( $paths ) );
	}

	/**
	 * Sends every bad request of one method on one path; returns how many.
	 *
	 * @param string   $method The method.
	 * @param string   $path   The path.
	 * @param string[] $args   The endpoint's argument names.
	 */
	private function fuzz( string $method, string $path, array $args ): int {
		$query = 'GET' === $method;
		$sets  = array( 'no arguments' => array() );
		foreach ( $args as $arg ) {
			foreach ( $query ? self::QUERY_VALUES : self::BODY_VALUES as $label => $value ) {
				$sets[ "$arg=$label" ] = array( $arg => $value );
			}
		}
		if ( array() !== $args ) {
			foreach ( $query ? array( 'empty', 'list' ) : array( 'null', 'empty', 'list' ) as $label ) {
				$values                    = $query ? self::QUERY_VALUES : self::BODY_VALUES;
				$sets[ "all args=$label" ] = array_fill_keys( $args, $values[ $label ] );
			}
		}
		$count = 0;
		foreach ( $sets as $label => $params ) {
			$request = new \WP_REST_Request( $method, $path );
			if ( $query ) {
				$request->set_query_params( $params );
			} else {
				$request->set_header( 'content-type', 'application/json' );
				$request->set_body( (string) wp_json_encode( (object) $params ) );
			}
			$this->send( $request, "$method $path $label" );
			++$count;
		}
		if ( ! $query ) {
			foreach ( self::RAW_BODIES as $body ) {
				$request = new \WP_REST_Request( $method, $path );
				$request->set_header( 'content-type', 'application/json' );
				$request->set_body( $body );
				$this->send( $request, "$method $path body '$body'" );
				++$count;
			}
		}
		return $count;
	}

	/**
	 * Sends one request in a savepoint (so each starts from the same data), and notes what is
	 * wrong with its answer.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @param string           $label   What it is, for the failure message.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	private function send( \WP_REST_Request $request, string $label ): void {
		global $wpdb;
		$wpdb->query( 'SAVEPOINT mir_fuzz' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Test isolation.
		wp_cache_flush();
		$before = $this->state();
		try {
			$response                  = rest_do_request( $request );
			$status                    = $response->get_status();
			$this->statuses[ $status ] = ( $this->statuses[ $status ] ?? 0 ) + 1;
			$data                      = rest_get_server()->response_to_data( $response, false );
			if ( $status >= 500 ) {
				$this->failures[] = "$label: $status " . wp_json_encode( $data );
			} elseif ( $status >= 400 ) {
				if ( ! is_array( $data ) || ! is_string( $data['code'] ?? null ) || '' === $data['code'] || ! is_string( $data['message'] ?? null ) || '' === $data['message'] ) {
					$this->failures[] = "$label: $status without a code and a message: " . wp_json_encode( $data );
				}
				wp_cache_flush();
				if ( $this->state() !== $before ) {
					$this->failures[] = "$label: $status " . wp_json_encode( $data ) . ' but wrote data';
				}
			}
		} catch ( \Throwable $e ) {
			$this->failures[] = "$label: " . get_class( $e ) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine();
		} finally {
			$wpdb->suppress_errors( true );
			$rolled_back = $wpdb->query( 'ROLLBACK TO SAVEPOINT mir_fuzz' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Test isolation.
			$wpdb->suppress_errors( false );
			wp_cache_flush();
		}
		if ( false === $rolled_back ) {
			$this->fail( "$label ended the test's transaction" );
		}
	}

	/**
	 * A digest of the data a request may write: options (but the transients of caches), posts,
	 * terms, their meta, user meta, network options.
	 */
	private function state(): string {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- Reads the test database whole.
		$parts = array(
			$wpdb->get_results( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name NOT LIKE '\\_transient%' AND option_name NOT LIKE '\\_site\\_transient%' ORDER BY option_name", ARRAY_N ),
			$wpdb->get_results( "SELECT ID, post_type, post_status, post_title, post_date, post_modified FROM {$wpdb->posts} ORDER BY ID", ARRAY_N ),
			$wpdb->get_results( "SELECT post_id, meta_key, meta_value FROM {$wpdb->postmeta} ORDER BY meta_id", ARRAY_N ),
			$wpdb->get_results( "SELECT t.term_id, t.name, t.slug, tt.taxonomy, tt.count FROM {$wpdb->terms} t JOIN {$wpdb->term_taxonomy} tt ON tt.term_id = t.term_id ORDER BY t.term_id", ARRAY_N ),
			$wpdb->get_results( "SELECT term_id, meta_key, meta_value FROM {$wpdb->termmeta} ORDER BY meta_id", ARRAY_N ),
			$wpdb->get_results( "SELECT object_id, term_taxonomy_id FROM {$wpdb->term_relationships} ORDER BY object_id, term_taxonomy_id", ARRAY_N ),
			$wpdb->get_results( "SELECT user_id, meta_key, meta_value FROM {$wpdb->usermeta} WHERE meta_key NOT LIKE '%session_tokens' ORDER BY umeta_id", ARRAY_N ),
			is_multisite() ? $wpdb->get_results( "SELECT meta_key, meta_value FROM {$wpdb->sitemeta} WHERE meta_key NOT LIKE '\\_site\\_transient%' ORDER BY meta_id", ARRAY_N ) : array(),
		);
		// phpcs:enable WordPress.DB.DirectDatabaseQuery
		return md5( (string) wp_json_encode( $parts ) );
	}
}
