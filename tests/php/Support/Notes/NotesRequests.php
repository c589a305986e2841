<?php
/**
 * REST helpers of the site notes tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Notes;

use MonsterInsights\Reports\Capabilities;

/**
 * Calls the notes routes and decodes their answers as a client would (JSON round trip). Used by
 * classes extending the harness's TestCase.
 */
trait NotesRequests {

	/**
	 * A route of the plugin's namespace as the current user: status and decoded body.
	 *
	 * @param string               $method HTTP method.
	 * @param string               $path   Path after the namespace, starting with a slash.
	 * @param array<string, mixed> $params Query or body parameters.
	 * @return array{0: int, 1: array<mixed>}
	 */
	protected function call( string $method, string $path, array $params = array() ): array {
		$response = $this->rest( $method, '/monsterinsights-reports/v1' . $path, $params );
		$data     = rest_get_server()->response_to_data( $response, false );
		$decoded  = json_decode( (string) wp_json_encode( $data ), true );
		return array( $response->get_status(), is_array( $decoded ) ? $decoded : array() );
	}

	/**
	 * Checks who may call the routes: nobody anonymous (401 rest_forbidden), no subscriber (403),
	 * a role with the view capability only the reads (200, writes 403).
	 *
	 * @param array<int, array{0: string, 1: string}> $reads  Read calls: method and path.
	 * @param array<int, array{0: string, 1: string}> $writes Write calls: method and path.
	 * @param array<string, mixed>                    $body   The writes' parameters.
	 */
	protected function assert_read_and_write_permissions( array $reads, array $writes, array $body ): void {
		wp_set_current_user( 0 );
		foreach ( array_merge( $reads, $writes ) as $call ) {
			list( $status, $error ) = $this->call( $call[0], $call[1], $body );
			$this->assertSame( 401, $status, 'anonymous ' . implode( ' ', $call ) );
			$this->assertSame( 'rest_forbidden', $error['code'] );
		}
		$this->act_as( 'subscriber' );
		foreach ( array_merge( $reads, $writes ) as $call ) {
			list( $status ) = $this->call( $call[0], $call[1], $body );
			$this->assertSame( 403, $status, 'subscriber ' . implode( ' ', $call ) );
		}
		// A role that may view the reports but not change settings: reads only.
		add_role( 'mir_viewer', 'Viewer', array( Capabilities::VIEW => true ) );
		$this->act_as( 'mir_viewer' );
		foreach ( $reads as $call ) {
			list( $status ) = $this->call( $call[0], $call[1] );
			$this->assertSame( 200, $status, 'viewer ' . implode( ' ', $call ) );
		}
		foreach ( $writes as $call ) {
			list( $status ) = $this->call( $call[0], $call[1], $body );
			$this->assertSame( 403, $status, 'viewer ' . implode( ' ', $call ) );
		}
	}

	/**
	 * Creates a note through POST /notes and returns it; fails the test unless it is a 201.
	 *
	 * @param array<string, mixed> $fields Fields; a title and a date are added when missing.
	 * @return array<string, mixed>
	 */
	protected function create_note( array $fields = array() ): array {
		list( $status, $note ) = $this->call(
			'POST',
			'/notes',
			$fields + array(
				'note_title' => 'A note',
				'note_date'  => '2024-03-10',
			)
		);
		$this->assertSame( 201, $status, (string) wp_json_encode( $note ) );
		return $note;
	}

	/**
	 * Creates a category through POST /note-categories and returns it.
	 *
	 * @param string      $name  Name.
	 * @param string|null $color Colour, or none.
	 * @return array<string, mixed>
	 */
	protected function create_category( string $name, ?string $color = null ): array {
		$params = array( 'name' => $name );
		if ( null !== $color ) {
			$params['background_color'] = $color;
		}
		list( $status, $category ) = $this->call( 'POST', '/note-categories', $params );
		$this->assertSame( 201, $status, (string) wp_json_encode( $category ) );
		return $category;
	}

	/**
	 * GET /notes with every note and the given filters.
	 *
	 * @param array<string, mixed> $params Query.
	 * @return array<string, mixed>
	 */
	protected function list_notes( array $params = array() ): array {
		list( $status, $data ) = $this->call( 'GET', '/notes', $params + array( 'per_page' => -1 ) );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		return $data;
	}

	/**
	 * An image attachment (no file: only the post and its mime type).
	 *
	 * @param string $title Title.
	 * @return int Its id.
	 */
	protected function create_attachment( string $title = 'Banner' ): int {
		$id = wp_insert_attachment(
			array(
				'post_title'     => $title,
				'post_mime_type' => 'image/png',
				'post_status'    => 'inherit',
				'guid'           => 'http://' . WP_TESTS_DOMAIN . '/wp-content/uploads/banner.png',
			),
			'banner.png'
		);
		$this->assertIsInt( $id );
		$this->assertGreaterThan( 0, $id );
		return $id;
	}
}
