<?php
/**
 * Base of the controllers of a collection of items with ids: the site notes and their categories.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

defined( 'ABSPATH' ) || exit;

/**
 * The parts every such collection shares: GET and POST on the collection, GET, POST|PUT|PATCH and
 * DELETE on `…/{id}` (reads need `monsterinsights_view_dashboard`, writes
 * `monsterinsights_save_settings`), the item of a request's id or a 404, a page of items with its
 * pagination (Controller::page_of()), and the schema of that page.
 *
 * A subclass finds an item by id, or the 404 of a missing one (find()), says how an item shows
 * (to_array()), and answers get_items, create_item, update_item and delete_item.
 *
 * @template T of object
 */
abstract class ItemsController extends Controller {

	/**
	 * The item of an id, or a 404 when there is none.
	 *
	 * @param int $id The id.
	 * @return T|\WP_Error
	 */
	abstract protected function find( int $id ): object;

	/**
	 * An item as the routes show it.
	 *
	 * @param object $item The item.
	 * @phpstan-param T $item
	 * @return array<string, mixed>
	 */
	abstract protected function to_array( object $item ): array;

	/**
	 * Registers the collection's route (GET lists, POST creates) and the item's route (GET, POST|PUT|PATCH,
	 * DELETE).
	 *
	 * @param string                              $id_description What the id names.
	 * @param array<string, array<string, mixed>> $create_args    The args of POST on the collection.
	 * @param array<string, array<string, mixed>> $update_args    The args of an update, besides the id.
	 * @param array<string, array<string, mixed>> $delete_args    The args of DELETE, besides the id.
	 * @return array<string, array<string, mixed>> The `id` arg, for the item's other routes.
	 */
	protected function register_item_routes( string $id_description, array $create_args, array $update_args, array $delete_args = array() ): array {
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_items', 'can_view', $this->get_collection_params() ),
				$this->endpoint( \WP_REST_Server::CREATABLE, 'create_item', 'can_save', $create_args ),
			),
			'get_public_collection_schema'
		);
		$id = self::id_arg( $id_description );
		$this->add_route(
			'/(?P<id>[\d]+)',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_item', 'can_view', $id ),
				$this->endpoint( \WP_REST_Server::EDITABLE, 'update_item', 'can_save', $id + $update_args ),
				$this->endpoint( \WP_REST_Server::DELETABLE, 'delete_item', 'can_save', $id + $delete_args ),
			)
		);
		return $id;
	}

	/**
	 * The item of a request's id, or a 404.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return T|\WP_Error
	 */
	protected function item( $request ) {
		return $this->find( (int) $request->get_param( 'id' ) );
	}

	/**
	 * The answer of an item as it is now (after a write), or the 404 when it is gone.
	 *
	 * @param int $id The id.
	 * @return \WP_REST_Response|\WP_Error
	 */
	protected function current( int $id ) {
		$item = $this->find( $id );
		return $item instanceof \WP_Error ? $item : rest_ensure_response( $this->to_array( $item ) );
	}

	/**
	 * Answers GET …/{id}.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function get_item( $request ) {
		return $this->current( (int) $request->get_param( 'id' ) );
	}
}
