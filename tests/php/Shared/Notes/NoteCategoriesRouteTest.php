<?php
/**
 * Routes of monsterinsights-reports/v1/note-categories, and the default categories.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Notes;

use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Module;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Defaults created once; create, list, update, delete; colours; validation; permissions; schemas.
 */
class NoteCategoriesRouteTest extends TestCase {

	use NotesRequests;

	/**
	 * An administrator.
	 */
	protected function set_up() {
		parent::set_up();
		$this->act_as( 'administrator' );
	}

	/**
	 * Every category of the site, from the database.
	 *
	 * @return array<int, \WP_Term>
	 */
	private function terms(): array {
		$terms = get_terms(
			array(
				'taxonomy'   => Categories::TAXONOMY,
				'hide_empty' => false,
			)
		);
		$this->assertIsArray( $terms );
		return $terms;
	}

	/**
	 * The site has the three default categories once, with their colours, from activation; running
	 * the creation again (on init, on a request, on a new activation) adds nothing.
	 */
	public function test_default_categories_exist_once(): void {
		$expected = array(
			'Blog Post'       => '#00a32a',
			'Promotion'       => '#d63638',
			'Website Updates' => '#2271b1',
		);
		$this->assertSame( '1', get_option( Categories::CREATED_OPTION ) );

		Categories::maybe_create_defaults();
		Module::activate_site();
		delete_option( Categories::CREATED_OPTION );
		$this->assertSame( 20, has_action( 'init', array( Categories::class, 'maybe_create_defaults' ) ), 'created lazily on init' );
		Categories::maybe_create_defaults();
		$this->assertSame( '1', get_option( Categories::CREATED_OPTION ) );

		list( $status, $data ) = $this->call( 'GET', '/note-categories' );
		$this->assertSame( 200, $status );
		$colors = array_column( $data['items'], 'background_color', 'name' );
		$this->assertSame( $expected, $colors, 'ordered by name, each once' );
		$this->assertCount( 3, $this->terms() );
	}

	/**
	 * A site without the flag gets the defaults on its first notes request; a site that deleted a
	 * default category does not get it back.
	 */
	public function test_defaults_are_created_lazily_and_only_once(): void {
		foreach ( $this->terms() as $term ) {
			wp_delete_term( $term->term_id, Categories::TAXONOMY );
		}
		$this->assertSame( array(), $this->terms() );
		$this->assertSame( array(), $this->call( 'GET', '/note-categories' )[1]['items'], 'deleted defaults stay deleted' );

		delete_option( Categories::CREATED_OPTION );
		list( , $data ) = $this->call( 'GET', '/notes' );
		$this->assertSame( 0, $data['pagination']['total'] );
		$this->assertCount( 3, $this->terms(), 'the first notes request created them' );
		$this->assertSame( '1', get_option( Categories::CREATED_OPTION ) );
	}

	/**
	 * Created without a colour: the default shade; with #rgb or #RRGGBB: lowercase #rrggbb.
	 */
	public function test_create_with_default_and_custom_colours(): void {
		$plain = $this->create_category( 'Server' );
		$this->assertSame( '#7f8b97', $plain['background_color'] );
		$this->assertSame( 0, $plain['count'] );
		$this->assertSame( '#7f8b97', get_term_meta( $plain['id'], Categories::META_COLOR, true ) );

		$short = $this->create_category( 'Ads', '#F0A' );
		$this->assertSame( '#ff00aa', $short['background_color'] );
		$long = $this->create_category( 'Press', '#12AB9f' );
		$this->assertSame( '#12ab9f', $long['background_color'] );
		$this->assertSame( '#12ab9f', get_term_meta( $long['id'], Categories::META_COLOR, true ) );

		// A category whose colour meta is missing still answers the default shade.
		delete_term_meta( $long['id'], Categories::META_COLOR );
		list( , $read ) = $this->call( 'GET', '/note-categories/' . $long['id'] );
		$this->assertSame( '#7f8b97', $read['background_color'] );

		$tagged = $this->create_category( 'Big <b>news</b> & more' );
		$this->assertSame( 'Big news & more', $tagged['name'], 'tags stripped, plain text' );
	}

	/**
	 * A name another category has (in any case) is refused; so is an empty one.
	 */
	public function test_duplicate_and_empty_names_are_refused(): void {
		$this->create_category( 'Server' );
		foreach ( array( 'Server', 'server', ' Server ', 'Blog Post' ) as $name ) {
			list( $status, $error ) = $this->call( 'POST', '/note-categories', array( 'name' => $name ) );
			$this->assertSame( 400, $status, $name );
			$this->assertSame( 'rest_note_category_exists', $error['code'] );
			$this->assertStringContainsString( 'name', $error['message'] );
		}
		foreach ( array( '', '  ', '<i></i>' ) as $name ) {
			list( $status, $error ) = $this->call( 'POST', '/note-categories', array( 'name' => $name ) );
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_invalid_param', $error['code'] );
			$this->assertSame( 'name must not be empty.', $error['data']['params']['name'] );
		}
		list( $status, $error ) = $this->call( 'POST', '/note-categories', array( 'background_color' => '#fff' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_missing_callback_param', $error['code'] );
		$this->assertCount( 4, $this->terms() );
	}

	/**
	 * Colours that are not #rgb or #rrggbb are refused, nothing written.
	 */
	public function test_invalid_colours_are_refused(): void {
		foreach ( array( 'red', '#12345', '#1234567', 'ff0000', '#ggg', '', 'rgb(0,0,0)' ) as $color ) {
			list( $status, $error ) = $this->call(
				'POST',
				'/note-categories',
				array(
					'name'             => 'Colourful',
					'background_color' => $color,
				)
			);
			$this->assertSame( 400, $status, $color );
			$this->assertSame( 'rest_note_invalid_color', $error['code'] );
			$this->assertStringContainsString( 'background_color', $error['message'] );
		}
		$this->assertNull( Categories::find_by_name( 'Colourful' ) );

		$category               = $this->create_category( 'Colourful', '#000000' );
		list( $status, $error ) = $this->call(
			'PATCH',
			'/note-categories/' . $category['id'],
			array(
				'name'             => 'Renamed',
				'background_color' => 'blue',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_note_invalid_color', $error['code'] );
		list( , $read ) = $this->call( 'GET', '/note-categories/' . $category['id'] );
		$this->assertSame( 'Colourful', $read['name'], 'nothing half-written' );
		$this->assertSame( '#000000', $read['background_color'] );
	}

	/**
	 * Update the name and/or the colour; a name of another category is refused; unknown ids 404.
	 */
	public function test_update(): void {
		$category = $this->create_category( 'Server', '#111111' );

		list( $status, $data ) = $this->call( 'POST', '/note-categories/' . $category['id'], array( 'background_color' => '#abc' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( '#aabbcc', $data['background_color'] );
		$this->assertSame( 'Server', $data['name'] );

		list( $status, $data ) = $this->call( 'PUT', '/note-categories/' . $category['id'], array( 'name' => 'Hosting' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'Hosting', $data['name'] );
		$this->assertSame( '#aabbcc', $data['background_color'] );

		list( $status, $data ) = $this->call( 'PATCH', '/note-categories/' . $category['id'], array( 'name' => 'hosting' ) );
		$this->assertSame( 200, $status, 'its own name, in another case' );

		list( $status, $error ) = $this->call( 'PATCH', '/note-categories/' . $category['id'], array( 'name' => 'Promotion' ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_note_category_exists', $error['code'] );

		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			list( $status, $error ) = $this->call( $method, '/note-categories/999999', array( 'name' => 'Ghost' ) );
			$this->assertSame( 404, $status, $method );
			$this->assertSame( 'rest_note_category_not_found', $error['code'] );
		}
		$tag = wp_insert_term( 'A tag', 'post_tag' );
		$this->assertIsArray( $tag );
		list( $status ) = $this->call( 'DELETE', '/note-categories/' . $tag['term_id'] );
		$this->assertSame( 404, $status, 'a term of another taxonomy' );
		$this->assertInstanceOf( \WP_Term::class, get_term( (int) $tag['term_id'], 'post_tag' ) );
	}

	/**
	 * Deleting a category leaves its notes without one; count is the published notes.
	 */
	public function test_delete_uncategorises_its_notes_and_count_is_published_notes(): void {
		$category = $this->create_category( 'Server', '#222222' );
		$one      = $this->create_note( array( 'category' => $category['id'] ) );
		$two      = $this->create_note( array( 'category' => $category['id'] ) );
		$this->assertSame( '#222222', $one['category']['background_color'] );

		list( , $read ) = $this->call( 'GET', '/note-categories/' . $category['id'] );
		$this->assertSame( 2, $read['count'] );
		$this->call( 'DELETE', '/notes/' . $two['id'] );
		list( , $read ) = $this->call( 'GET', '/note-categories/' . $category['id'] );
		$this->assertSame( 1, $read['count'], 'trashed notes do not count' );

		list( $status, $data ) = $this->call( 'DELETE', '/note-categories/' . $category['id'] );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['deleted'] );
		$this->assertSame( 'Server', $data['previous']['name'] );
		$this->assertNull( Categories::get( $category['id'] ) );
		$this->assertSame( array(), get_term_meta( $category['id'] ) );

		list( , $note ) = $this->call( 'GET', '/notes/' . $one['id'] );
		$this->assertSame( 0, $note['category']['id'] );
		$this->assertSame( '#7f8b97', $note['category']['background_color'] );
	}

	/**
	 * The list: order by name or id, asc or desc, search, pages.
	 */
	public function test_list_order_search_and_pages(): void {
		$a = $this->create_category( 'Alpha' );
		$z = $this->create_category( 'Zeta' );

		$names = fn( array $params ) => array_column( $this->call( 'GET', '/note-categories', $params )[1]['items'], 'name' );
		$this->assertSame( array( 'Alpha', 'Blog Post', 'Promotion', 'Website Updates', 'Zeta' ), $names( array() ) );
		$this->assertSame( array( 'Zeta', 'Website Updates', 'Promotion', 'Blog Post', 'Alpha' ), $names( array( 'order' => 'desc' ) ) );
		$by_id = array_column(
			$this->call(
				'GET',
				'/note-categories',
				array(
					'orderby' => 'id',
					'order'   => 'desc',
				)
			)[1]['items'],
			'id'
		);
		$this->assertSame( array( $z['id'], $a['id'] ), array_slice( $by_id, 0, 2 ) );
		$this->assertSame( array( 'Promotion' ), $names( array( 'search' => 'romo' ) ) );

		list( , $page ) = $this->call(
			'GET',
			'/note-categories',
			array(
				'per_page' => 2,
				'page'     => 3,
			)
		);
		$this->assertSame( array( 'Zeta' ), array_column( $page['items'], 'name' ) );
		$this->assertSame(
			array(
				'total'    => 5,
				'pages'    => 3,
				'page'     => 3,
				'per_page' => 2,
			),
			$page['pagination']
		);

		list( , $all ) = $this->call( 'GET', '/note-categories' );
		$this->assertSame(
			array(
				'total'    => 5,
				'pages'    => 1,
				'page'     => 1,
				'per_page' => -1,
			),
			$all['pagination']
		);

		foreach ( array( array( 'per_page' => 0 ), array( 'per_page' => 101 ), array( 'orderby' => 'count' ), array( 'order' => 'sideways' ), array( 'page' => 0 ) ) as $params ) {
			list( $status, $error ) = $this->call( 'GET', '/note-categories', $params );
			$this->assertSame( 400, $status, (string) wp_json_encode( $params ) );
			$this->assertSame( 'rest_invalid_param', $error['code'] );
			$this->assertStringContainsString( (string) array_key_first( $params ), $error['message'] );
		}
	}

	/**
	 * Reads need the view capability; writes the save capability.
	 */
	public function test_permissions(): void {
		$category = $this->create_category( 'Server', '#333333' );
		$id       = $category['id'];
		$reads    = array( array( 'GET', '/note-categories' ), array( 'GET', '/note-categories/' . $id ) );
		$writes   = array(
			array( 'POST', '/note-categories' ),
			array( 'POST', '/note-categories/' . $id ),
			array( 'PATCH', '/note-categories/' . $id ),
			array( 'DELETE', '/note-categories/' . $id ),
		);
		$body     = array(
			'name'             => 'Taken over',
			'background_color' => '#000000',
		);

		$this->assert_read_and_write_permissions( $reads, $writes, $body );
		$term = Categories::get( $id );
		$this->assertInstanceOf( \WP_Term::class, $term );
		$this->assertSame( 'Server', $term->name );
		$this->assertSame( '#333333', Categories::color( $term ) );
		$this->assertNull( Categories::find_by_name( 'Taken over' ) );
	}

	/**
	 * Answers validate against their routes' schemas, which declare exactly their properties.
	 */
	public function test_answers_match_the_schemas(): void {
		$category   = $this->create_category( 'Server', '#444444' );
		$list       = $this->call( 'GET', '/note-categories' )[1];
		$collection = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/note-categories' )->get_data()['schema'];
		$item       = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/note-categories/' . $category['id'] )->get_data()['schema'];

		$this->assertSame( 'monsterinsights-reports-note-categories', $collection['title'] );
		$this->assertSame( 'monsterinsights-reports-note-category', $item['title'] );
		$this->assertTrue( rest_validate_value_from_schema( $list, $collection, 'note-categories' ) );
		$this->assertTrue( rest_validate_value_from_schema( $category, $item, 'note-category' ) );
		$this->assertSame( array_keys( $collection['properties'] ), array_keys( $list ) );
		$this->assertSame( array_keys( $collection['properties']['pagination']['properties'] ), array_keys( $list['pagination'] ) );
		$this->assertSame( array_keys( $item['properties'] ), array_keys( $category ) );
		$this->assertSame( array_keys( $item['properties'] ), array_keys( $list['items'][0] ) );
	}
}
