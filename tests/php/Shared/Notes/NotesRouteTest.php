<?php
/**
 * Routes of monsterinsights-reports/v1/notes.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Notes;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Notes\Categories;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Create, read, update, important, trash, restore and delete; filters, order, paging and counts;
 * validation; permissions; schemas.
 */
class NotesRouteTest extends TestCase {

	use NotesRequests;

	/**
	 * An administrator in Berlin, writing dates as Y-m-d.
	 */
	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', 'Europe/Berlin' );
		update_option( 'date_format', 'F j, Y' );
		$this->act_as( 'administrator' );
	}

	/**
	 * The default category with this name.
	 *
	 * @param string $name Name.
	 */
	private function default_category( string $name ): \WP_Term {
		$term = Categories::find_by_name( $name );
		$this->assertInstanceOf( \WP_Term::class, $term );
		return $term;
	}

	/**
	 * Create answers 201 and the full note; GET /notes/{id} answers the same.
	 */
	public function test_create_and_read_a_note(): void {
		$category = $this->default_category( 'Blog Post' );
		$media    = $this->create_attachment( 'Launch banner' );

		$note = $this->create_note(
			array(
				'note_title' => '  New pricing page  ',
				'note_date'  => '2024-03-10',
				'category'   => $category->term_id,
				'important'  => true,
				'medias'     => array( $media ),
			)
		);

		$this->assertIsInt( $note['id'] );
		$this->assertSame( 'New pricing page', $note['note_title'] );
		$this->assertSame( '2024-03-10', $note['note_date_ymd'] );
		$this->assertSame( 'March 10, 2024', $note['note_date'] );
		$this->assertTrue( $note['important'] );
		$this->assertSame(
			array(
				'id'               => $category->term_id,
				'name'             => 'Blog Post',
				'background_color' => '#00a32a',
			),
			$note['category']
		);
		$this->assertCount( 1, $note['medias'] );
		$this->assertSame( $media, $note['medias'][0]['id'] );
		$this->assertSame( 'Launch banner', $note['medias'][0]['title'] );
		$this->assertSame( 'image/png', $note['medias'][0]['mime_type'] );
		$this->assertSame( wp_get_attachment_url( $media ), $note['medias'][0]['url'] );
		$this->assertIsString( $note['medias'][0]['thumbnail'] );
		$this->assertSame( 'publish', $note['status'] );

		// Stored as the brief says: post_date at site-local midnight, meta, term.
		$post = get_post( $note['id'] );
		$this->assertSame( Notes::POST_TYPE, $post->post_type );
		$this->assertSame( '2024-03-10 00:00:00', $post->post_date );
		$this->assertSame( '2024-03-09 23:00:00', $post->post_date_gmt, 'Berlin is UTC+1 in March' );
		$this->assertSame( get_current_user_id(), (int) $post->post_author );
		$this->assertSame( '1', get_post_meta( $note['id'], Notes::META_IMPORTANT, true ) );
		$this->assertSame( array( $media ), get_post_meta( $note['id'], Notes::META_MEDIAS, true ) );

		list( $status, $read ) = $this->call( 'GET', '/notes/' . $note['id'] );
		$this->assertSame( 200, $status );
		$this->assertSame( $note, $read );
	}

	/**
	 * Without category, importance and medias: the defaults.
	 */
	public function test_a_note_without_category_has_the_default_shade(): void {
		$note = $this->create_note();
		$this->assertFalse( $note['important'] );
		$this->assertSame( array(), $note['medias'] );
		$this->assertSame(
			array(
				'id'               => 0,
				'name'             => '',
				'background_color' => '#7f8b97',
			),
			$note['category']
		);
	}

	/**
	 * A note dated in the future is published, not scheduled.
	 */
	public function test_a_future_note_is_published(): void {
		$note = $this->create_note( array( 'note_date' => '2099-12-31' ) );
		$this->assertSame( 'publish', $note['status'] );
		$this->assertSame( 'publish', get_post_status( $note['id'] ) );
		$this->assertFalse( wp_next_scheduled( 'publish_future_post', array( $note['id'] ) ) );

		list( , $updated ) = $this->call( 'POST', '/notes/' . $note['id'], array( 'note_title' => 'Later' ) );
		$this->assertSame( 'publish', $updated['status'] );
	}

	/**
	 * Partial update changes only the fields given, through POST, PUT and PATCH.
	 */
	public function test_partial_update(): void {
		$promotion = $this->default_category( 'Promotion' );
		$media     = $this->create_attachment();
		$note      = $this->create_note(
			array(
				'note_title' => 'Spring sale',
				'note_date'  => '2024-03-10',
				'important'  => true,
				'medias'     => array( $media ),
			)
		);

		list( $status, $updated ) = $this->call( 'POST', '/notes/' . $note['id'], array( 'note_title' => 'Spring sale ends' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( 'Spring sale ends', $updated['note_title'] );
		$this->assertSame( '2024-03-10', $updated['note_date_ymd'] );
		$this->assertTrue( $updated['important'] );
		$this->assertSame( array( $media ), array_column( $updated['medias'], 'id' ) );

		list( $status, $updated ) = $this->call(
			'PUT',
			'/notes/' . $note['id'],
			array(
				'note_date' => '2024-07-01',
				'category'  => $promotion->term_id,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( '2024-07-01', $updated['note_date_ymd'] );
		$this->assertSame( 'Promotion', $updated['category']['name'] );
		$this->assertSame( 'Spring sale ends', $updated['note_title'] );
		$this->assertSame( '2024-06-30 22:00:00', get_post( $note['id'] )->post_date_gmt, 'the GMT date follows, in summer time' );

		list( $status, $updated ) = $this->call(
			'PATCH',
			'/notes/' . $note['id'],
			array(
				'important' => false,
				'medias'    => array(),
				'category'  => 0,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertFalse( $updated['important'] );
		$this->assertSame( array(), $updated['medias'] );
		$this->assertSame( 0, $updated['category']['id'] );
		$this->assertSame( array(), wp_get_object_terms( $note['id'], Categories::TAXONOMY ) );
	}

	/**
	 * POST /notes/{id}/important sets the flag, or toggles it without a body.
	 */
	public function test_important_sets_or_toggles(): void {
		$note = $this->create_note();

		list( $status, $data ) = $this->call( 'POST', '/notes/' . $note['id'] . '/important' );
		$this->assertSame( 200, $status );
		$this->assertTrue( $data['important'] );
		list( , $data ) = $this->call( 'POST', '/notes/' . $note['id'] . '/important' );
		$this->assertFalse( $data['important'] );
		list( , $data ) = $this->call( 'POST', '/notes/' . $note['id'] . '/important', array( 'important' => true ) );
		$this->assertTrue( $data['important'] );
		list( , $data ) = $this->call( 'POST', '/notes/' . $note['id'] . '/important', array( 'important' => true ) );
		$this->assertTrue( $data['important'], 'setting is not toggling' );
		$this->assertTrue( Notes::is_important( $note['id'] ) );
	}

	/**
	 * DELETE trashes, restore publishes again, force deletes for good.
	 */
	public function test_trash_restore_and_delete(): void {
		$note = $this->create_note( array( 'note_date' => '2099-01-01' ) );

		list( $status, $trashed ) = $this->call( 'DELETE', '/notes/' . $note['id'] );
		$this->assertSame( 200, $status );
		$this->assertSame( 'trash', $trashed['status'] );
		$this->assertSame( 'trash', get_post_status( $note['id'] ) );
		$this->assertSame( array(), $this->list_notes()['items'] );
		$this->assertSame( array( $note['id'] ), array_column( $this->list_notes( array( 'status' => 'trash' ) )['items'], 'id' ) );

		list( $status, $restored ) = $this->call( 'POST', '/notes/' . $note['id'] . '/restore' );
		$this->assertSame( 200, $status );
		$this->assertSame( 'publish', $restored['status'], 'restored notes are published, not drafts; even future-dated ones' );
		$this->assertSame( 'publish', get_post_status( $note['id'] ) );

		list( $status, $deleted ) = $this->call( 'DELETE', '/notes/' . $note['id'], array( 'force' => true ) );
		$this->assertSame( 200, $status );
		$this->assertTrue( $deleted['deleted'] );
		$this->assertSame( $note['id'], $deleted['previous']['id'] );
		$this->assertNull( get_post( $note['id'] ) );
		$this->assertSame( array(), get_post_meta( $note['id'] ) );

		list( $status, $error ) = $this->call( 'GET', '/notes/' . $note['id'] );
		$this->assertSame( 404, $status );
		$this->assertSame( 'rest_note_not_found', $error['code'] );
	}

	/**
	 * Unknown ids and posts of other types are 404 on every route of an id.
	 */
	public function test_unknown_ids_and_other_post_types_are_404(): void {
		$post = (int) wp_insert_post(
			array(
				'post_title'  => 'A post',
				'post_status' => 'publish',
			)
		);
		foreach ( array( 999999, $post ) as $id ) {
			foreach ( array( array( 'GET', '' ), array( 'POST', '' ), array( 'DELETE', '' ), array( 'POST', '/important' ), array( 'POST', '/restore' ) ) as $call ) {
				list( $status, $error ) = $this->call( $call[0], '/notes/' . $id . $call[1], array( 'note_title' => 'Changed' ) );
				$this->assertSame( 404, $status, $call[0] . ' ' . $call[1] );
				$this->assertSame( 'rest_note_not_found', $error['code'] );
			}
		}
		$this->assertSame( 'A post', get_post( $post )->post_title );
		$this->assertSame( 'publish', get_post_status( $post ) );
	}

	/**
	 * Creates four notes: two important, over three days, in two categories.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function seed(): array {
		$blog  = $this->default_category( 'Blog Post' );
		$promo = $this->default_category( 'Promotion' );
		return array(
			'a' => $this->create_note(
				array(
					'note_title' => 'Alpha launch',
					'note_date'  => '2024-03-01',
					'important'  => true,
					'category'   => $blog->term_id,
				)
			),
			'b' => $this->create_note(
				array(
					'note_title' => 'Beta sale',
					'note_date'  => '2024-03-05',
					'category'   => $promo->term_id,
				)
			),
			'c' => $this->create_note(
				array(
					'note_title' => 'Charlie post',
					'note_date'  => '2024-03-05',
					'important'  => true,
				)
			),
			'd' => $this->create_note(
				array(
					'note_title' => 'Delta launch',
					'note_date'  => '2024-03-09',
				)
			),
		);
	}

	/**
	 * The default order is date descending (then id); orderby id, note_date and note_title, asc or desc.
	 */
	public function test_order(): void {
		$n   = $this->seed();
		$ids = fn( array $params ) => array_column( $this->list_notes( $params )['items'], 'id' );

		$this->assertSame( array( $n['d']['id'], $n['c']['id'], $n['b']['id'], $n['a']['id'] ), $ids( array() ), 'note_date desc, ties by id desc' );
		$this->assertSame(
			array( $n['a']['id'], $n['b']['id'], $n['c']['id'], $n['d']['id'] ),
			$ids(
				array(
					'orderby' => 'note_date',
					'order'   => 'asc',
				)
			)
		);
		$this->assertSame(
			array( $n['a']['id'], $n['b']['id'], $n['c']['id'], $n['d']['id'] ),
			$ids(
				array(
					'orderby' => 'id',
					'order'   => 'asc',
				)
			)
		);
		// Titles sort differently from dates once one changes.
		$this->call( 'POST', '/notes/' . $n['a']['id'], array( 'note_title' => 'Zulu launch' ) );
		$this->assertSame(
			array( $n['a']['id'], $n['d']['id'], $n['c']['id'], $n['b']['id'] ),
			$ids(
				array(
					'orderby' => 'note_title',
					'order'   => 'desc',
				)
			)
		);
	}

	/**
	 * Filters: important, start and end (inclusive, either alone), search on the title, status.
	 */
	public function test_filters(): void {
		$n   = $this->seed();
		$ids = function ( array $params ): array {
			$ids = array_column( $this->list_notes( $params + array( 'orderby' => 'id' ) )['items'], 'id' );
			sort( $ids );
			return $ids;
		};

		$this->assertSame( array( $n['a']['id'], $n['c']['id'] ), $ids( array( 'important' => true ) ) );
		$this->assertSame( array( $n['a']['id'], $n['b']['id'], $n['c']['id'], $n['d']['id'] ), $ids( array( 'important' => false ) ) );
		$this->assertSame(
			array( $n['b']['id'], $n['c']['id'] ),
			$ids(
				array(
					'start' => '2024-03-05',
					'end'   => '2024-03-05',
				)
			),
			'both bounds are inclusive'
		);
		$this->assertSame( array( $n['b']['id'], $n['c']['id'], $n['d']['id'] ), $ids( array( 'start' => '2024-03-02' ) ) );
		$this->assertSame( array( $n['a']['id'], $n['b']['id'], $n['c']['id'] ), $ids( array( 'end' => '2024-03-08' ) ) );
		$this->assertSame( array( $n['a']['id'], $n['d']['id'] ), $ids( array( 'search' => 'launch' ) ) );
		$this->assertSame(
			array( $n['a']['id'] ),
			$ids(
				array(
					'search'    => 'launch',
					'important' => true,
				)
			)
		);
		$this->assertSame( array(), $ids( array( 'status' => 'trash' ) ) );

		$this->call( 'DELETE', '/notes/' . $n['b']['id'] );
		$this->assertSame( array( $n['b']['id'] ), $ids( array( 'status' => 'trash' ) ) );
		$this->assertSame(
			array( $n['c']['id'] ),
			$ids(
				array(
					'start' => '2024-03-05',
					'end'   => '2024-03-05',
				)
			),
			'trashed notes leave the published list'
		);
	}

	/**
	 * The counts: total matches every filter; total_published and total_important ignore the
	 * important filter and the status, and follow the range and search.
	 */
	public function test_counts(): void {
		$n = $this->seed();
		$this->call( 'DELETE', '/notes/' . $n['c']['id'] );

		$page = $this->list_notes( array( 'important' => true ) )['pagination'];
		$this->assertSame( 1, $page['total'] );
		$this->assertSame( 3, $page['total_published'] );
		$this->assertSame( 1, $page['total_important'] );

		$page = $this->list_notes(
			array(
				'start' => '2024-03-02',
				'end'   => '2024-03-31',
			)
		)['pagination'];
		$this->assertSame( 2, $page['total'] );
		$this->assertSame( 2, $page['total_published'] );
		$this->assertSame( 0, $page['total_important'] );

		$page = $this->list_notes( array( 'search' => 'launch' ) )['pagination'];
		$this->assertSame( 2, $page['total_published'] );
		$this->assertSame( 1, $page['total_important'] );

		$page = $this->list_notes( array( 'status' => 'trash' ) )['pagination'];
		$this->assertSame( 1, $page['total'] );
		$this->assertSame( 3, $page['total_published'] );
		$this->assertSame( 1, $page['total_important'] );
	}

	/**
	 * Paging: per_page -1 answers everything on one page; otherwise pages of per_page.
	 */
	public function test_paging(): void {
		$n = $this->seed();

		$all = $this->list_notes( array( 'per_page' => -1 ) );
		$this->assertCount( 4, $all['items'] );
		$this->assertSame(
			array(
				'total'           => 4,
				'pages'           => 1,
				'page'            => 1,
				'per_page'        => -1,
				'total_published' => 4,
				'total_important' => 2,
			),
			$all['pagination']
		);

		$seen = array();
		foreach ( array( 1, 2 ) as $page ) {
			$data = $this->list_notes(
				array(
					'per_page' => 3,
					'page'     => $page,
					'orderby'  => 'id',
					'order'    => 'asc',
				)
			);
			$this->assertSame( 4, $data['pagination']['total'] );
			$this->assertSame( 2, $data['pagination']['pages'] );
			$this->assertSame( $page, $data['pagination']['page'] );
			$this->assertSame( 3, $data['pagination']['per_page'] );
			$seen[] = array_column( $data['items'], 'id' );
		}
		$this->assertSame( array( array( $n['a']['id'], $n['b']['id'], $n['c']['id'] ), array( $n['d']['id'] ) ), $seen );

		list( $status, $data ) = $this->call( 'GET', '/notes', array( 'page' => 3 ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array(), $data['items'], 'a page after the last is empty' );
		$this->assertSame( 4, $data['pagination']['total'] );

		list( , $data ) = $this->call( 'GET', '/notes' );
		$this->assertSame( 10, $data['pagination']['per_page'], 'default page size' );

		list( , $data ) = $this->call(
			'GET',
			'/notes',
			array(
				'per_page' => -1,
				'page'     => 2,
			)
		);
		$this->assertSame( array(), $data['items'] );
		$this->assertSame( 4, $data['pagination']['total'] );
	}

	/**
	 * Without notes: an empty list, no pages.
	 */
	public function test_empty_list(): void {
		$data = $this->list_notes();
		$this->assertSame( array(), $data['items'] );
		$this->assertSame( 0, $data['pagination']['total'] );
		$this->assertSame( 0, $data['pagination']['pages'] );
		$this->assertSame( 0, $data['pagination']['total_published'] );
	}

	/**
	 * Invalid list parameters are 400 with the parameter named.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string}>
	 */
	public static function invalid_list_params(): array {
		return array(
			'per_page 0'        => array( array( 'per_page' => 0 ), 'per_page' ),
			'per_page 101'      => array( array( 'per_page' => 101 ), 'per_page' ),
			'per_page -2'       => array( array( 'per_page' => -2 ), 'per_page' ),
			'page 0'            => array( array( 'page' => 0 ), 'page' ),
			'orderby unknown'   => array( array( 'orderby' => 'author' ), 'orderby' ),
			'order unknown'     => array( array( 'order' => 'up' ), 'order' ),
			'status draft'      => array( array( 'status' => 'draft' ), 'status' ),
			'start not a day'   => array( array( 'start' => '2023-02-30' ), 'start' ),
			'end malformed'     => array( array( 'end' => 'yesterday' ), 'end' ),
			'important unknown' => array( array( 'important' => 'maybe' ), 'important' ),
		);
	}

	/**
	 * Invalid list parameters are refused.
	 *
	 * @dataProvider invalid_list_params
	 * @param array<string, mixed> $params Query.
	 * @param string               $param  The parameter the error names.
	 */
	public function test_invalid_list_params_are_refused( array $params, string $param ): void {
		list( $status, $error ) = $this->call( 'GET', '/notes', $params );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		$this->assertStringContainsString( $param, $error['message'] );
		$this->assertArrayHasKey( $param, $error['data']['params'] );
	}

	/**
	 * A start after the end is refused.
	 */
	public function test_start_after_end_is_refused(): void {
		list( $status, $error ) = $this->call(
			'GET',
			'/notes',
			array(
				'start' => '2024-03-10',
				'end'   => '2024-03-01',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_note_invalid_range', $error['code'] );
		$this->assertStringContainsString( 'start', $error['message'] );
	}

	/**
	 * Dates a note may not have.
	 *
	 * @return array<string, array{0: mixed}>
	 */
	public static function invalid_dates(): array {
		return array(
			'not a real day'  => array( '2023-02-30' ),
			'before 2005'     => array( '2004-12-31' ),
			'after 2099'      => array( '2100-01-01' ),
			'a word'          => array( 'yesterday' ),
			'another format'  => array( '10/03/2024' ),
			'with a time'     => array( '2024-03-10 12:00:00' ),
			'month 13'        => array( '2024-13-01' ),
			'an empty string' => array( '' ),
		);
	}

	/**
	 * An invalid date is refused on create and on update, with the field named, and nothing is
	 * written.
	 *
	 * @dataProvider invalid_dates
	 * @param mixed $date The date.
	 */
	public function test_invalid_dates_are_refused( $date ): void {
		list( $status, $error ) = $this->call(
			'POST',
			'/notes',
			array(
				'note_title' => 'Dated',
				'note_date'  => $date,
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		$this->assertStringContainsString( 'note_date', $error['message'] );
		$this->assertStringContainsString( 'note_date', $error['data']['params']['note_date'] );
		$this->assertSame( 0, $this->list_notes()['pagination']['total'] );

		$note                   = $this->create_note( array( 'note_date' => '2024-03-10' ) );
		list( $status, $error ) = $this->call( 'PATCH', '/notes/' . $note['id'], array( 'note_date' => $date ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		$this->assertSame( '2024-03-10 00:00:00', get_post( $note['id'] )->post_date );
	}

	/**
	 * The bounds themselves are valid days.
	 */
	public function test_the_bounds_are_valid_days(): void {
		$this->assertSame( '2005-01-01', $this->create_note( array( 'note_date' => '2005-01-01' ) )['note_date_ymd'] );
		$this->assertSame( '2024-02-29', $this->create_note( array( 'note_date' => '2024-02-29' ) )['note_date_ymd'] );
	}

	/**
	 * Title and date are required on create.
	 */
	public function test_title_and_date_are_required(): void {
		foreach ( array( 'note_title', 'note_date' ) as $missing ) {
			$params = array(
				'note_title' => 'A note',
				'note_date'  => '2024-03-10',
			);
			unset( $params[ $missing ] );
			list( $status, $error ) = $this->call( 'POST', '/notes', $params );
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_missing_callback_param', $error['code'] );
			$this->assertStringContainsString( $missing, $error['message'] );
		}
	}

	/**
	 * An empty title (nothing but spaces and line breaks) is refused; so is a title over 255
	 * characters.
	 */
	public function test_empty_and_long_titles_are_refused(): void {
		foreach ( array( '', '   ', "\n\t" ) as $title ) {
			list( $status, $error ) = $this->call(
				'POST',
				'/notes',
				array(
					'note_title' => $title,
					'note_date'  => '2024-03-10',
				)
			);
			$this->assertSame( 400, $status, wp_json_encode( $title ) );
			$this->assertSame( 'rest_invalid_param', $error['code'] );
			$this->assertSame( 'note_title must not be empty.', $error['data']['params']['note_title'] );
		}

		list( $status, $error ) = $this->call(
			'POST',
			'/notes',
			array(
				'note_title' => str_repeat( 'é', 256 ),
				'note_date'  => '2024-03-10',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertStringContainsString( '255', $error['data']['params']['note_title'] );
		$this->assertSame( str_repeat( 'é', 255 ), $this->create_note( array( 'note_title' => str_repeat( 'é', 255 ) ) )['note_title'] );
		$this->assertSame( 1, $this->list_notes()['pagination']['total'], 'only the valid note was written' );

		$note                   = $this->create_note();
		list( $status, $error ) = $this->call( 'POST', '/notes/' . $note['id'], array( 'note_title' => " \n " ) );
		$this->assertSame( 400, $status );
		$this->assertSame( 'A note', get_post( $note['id'] )->post_title );
	}

	/**
	 * A title is text: markup in it is kept as characters (so `<img src=x onerror=alert(1)>` is
	 * shown as exactly that, never run), stored HTML-encoded so no markup reaches the database,
	 * and read back as the same plain text, not HTML-escaped.
	 */
	public function test_titles_are_text_never_markup(): void {
		$title = 'Sale <img src=x onerror=alert(1)>starts<script>alert(2)</script> now';
		$note  = $this->create_note( array( 'note_title' => $title ) );
		$this->assertSame( $title, $note['note_title'] );
		$this->assertStringNotContainsString( '<', get_post( $note['id'] )->post_title );
		$this->assertSame( $title, $this->call( 'GET', '/notes/' . $note['id'] )[1]['note_title'] );

		$note = $this->create_note( array( 'note_title' => '<img src=x onerror=alert(1)>' ) );
		$this->assertSame( '<img src=x onerror=alert(1)>', $note['note_title'] );

		$note = $this->create_note( array( 'note_title' => 'Q&A: "pricing" 2 < 3 & it\'s live &amp; more' ) );
		$this->assertSame( 'Q&A: "pricing" 2 < 3 & it\'s live &amp; more', $note['note_title'], 'plain text, not escaped or unescaped' );

		list( , $updated ) = $this->call( 'PATCH', '/notes/' . $note['id'], array( 'note_title' => "Line one\nline   <em>two</em>" ) );
		$this->assertSame( 'Line one line <em>two</em>', $updated['note_title'] );
	}

	/**
	 * Titles round-trip for users without unfiltered_html too (a site administrator on a
	 * network): kses finds no markup to strip in the encoded title.
	 */
	public function test_titles_round_trip_without_unfiltered_html(): void {
		add_filter(
			'map_meta_cap',
			static fn( $caps, $cap ) => 'unfiltered_html' === $cap ? array( 'do_not_allow' ) : $caps,
			10,
			2
		);
		kses_init();
		$this->assertFalse( current_user_can( 'unfiltered_html' ) );

		$note = $this->create_note( array( 'note_title' => 'AT&T <i>deal</i> "live"' ) );
		$this->assertSame( 'AT&T <i>deal</i> "live"', $note['note_title'] );
		kses_remove_filters();
	}

	/**
	 * A category that does not exist (or a term of another taxonomy) is refused, nothing written.
	 */
	public function test_unknown_category_is_refused(): void {
		$tag = wp_insert_term( 'A tag', 'post_tag' );
		$this->assertIsArray( $tag );
		foreach ( array( 999999, (int) $tag['term_id'] ) as $category ) {
			list( $status, $error ) = $this->call(
				'POST',
				'/notes',
				array(
					'note_title' => 'Categorised',
					'note_date'  => '2024-03-10',
					'category'   => $category,
				)
			);
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_note_invalid_category', $error['code'] );
			$this->assertStringContainsString( 'category', $error['message'] );
		}
		$this->assertSame( 0, $this->list_notes()['pagination']['total'] );

		list( $status, $error ) = $this->call(
			'POST',
			'/notes',
			array(
				'note_title' => 'Categorised',
				'note_date'  => '2024-03-10',
				'category'   => -1,
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );

		$note                   = $this->create_note( array( 'category' => $this->default_category( 'Blog Post' )->term_id ) );
		list( $status, $error ) = $this->call(
			'PATCH',
			'/notes/' . $note['id'],
			array(
				'category'   => 999999,
				'note_title' => 'Not written',
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_note_invalid_category', $error['code'] );
		list( , $read ) = $this->call( 'GET', '/notes/' . $note['id'] );
		$this->assertSame( 'A note', $read['note_title'], 'nothing half-written' );
		$this->assertSame( 'Blog Post', $read['category']['name'] );
	}

	/**
	 * A media id that is not an attachment is refused, nothing written.
	 */
	public function test_invalid_media_is_refused(): void {
		$media = $this->create_attachment();
		$post  = (int) wp_insert_post(
			array(
				'post_title'  => 'Not media',
				'post_status' => 'publish',
			)
		);
		foreach ( array( array( $media, 999999 ), array( $post ) ) as $medias ) {
			list( $status, $error ) = $this->call(
				'POST',
				'/notes',
				array(
					'note_title' => 'With media',
					'note_date'  => '2024-03-10',
					'medias'     => $medias,
				)
			);
			$this->assertSame( 400, $status );
			$this->assertSame( 'rest_note_invalid_media', $error['code'] );
			$this->assertStringContainsString( 'medias', $error['message'] );
		}
		$this->assertSame( 0, $this->list_notes()['pagination']['total'] );

		list( $status, $error ) = $this->call(
			'POST',
			'/notes',
			array(
				'note_title' => 'With media',
				'note_date'  => '2024-03-10',
				'medias'     => array( 'abc' ),
			)
		);
		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $error['code'] );

		$note = $this->create_note( array( 'medias' => array( $media, $media ) ) );
		$this->assertSame( array( $media ), array_column( $note['medias'], 'id' ), 'duplicates are dropped' );
		list( $status ) = $this->call( 'PATCH', '/notes/' . $note['id'], array( 'medias' => array( 999999 ) ) );
		$this->assertSame( 400, $status );
		$this->assertSame( array( $media ), Notes::media_ids( $note['id'] ) );

		// An attachment deleted later disappears from the note.
		wp_delete_attachment( $media, true );
		list( , $read ) = $this->call( 'GET', '/notes/' . $note['id'] );
		$this->assertSame( array(), $read['medias'] );
	}

	/**
	 * Reads need the view capability; writes the save capability.
	 */
	public function test_permissions(): void {
		$note   = $this->create_note();
		$id     = $note['id'];
		$reads  = array( array( 'GET', '/notes' ), array( 'GET', '/notes/' . $id ) );
		$writes = array(
			array( 'POST', '/notes' ),
			array( 'POST', '/notes/' . $id ),
			array( 'PUT', '/notes/' . $id ),
			array( 'PATCH', '/notes/' . $id ),
			array( 'POST', '/notes/' . $id . '/important' ),
			array( 'DELETE', '/notes/' . $id ),
			array( 'POST', '/notes/' . $id . '/restore' ),
		);
		$body   = array(
			'note_title' => 'Changed',
			'note_date'  => '2024-03-11',
			'force'      => true,
		);

		$this->assert_read_and_write_permissions( $reads, $writes, $body );

		// A role that may save but not view: writes only.
		add_role( 'mir_saver', 'Saver', array( Capabilities::SAVE => true ) );
		$this->act_as( 'mir_saver' );
		foreach ( $reads as $call ) {
			list( $status ) = $this->call( $call[0], $call[1] );
			$this->assertSame( 403, $status, 'saver ' . implode( ' ', $call ) );
		}

		$post = get_post( $id );
		$this->assertSame( 'A note', $post->post_title, 'nothing was changed' );
		$this->assertSame( 'publish', $post->post_status );
		$this->assertSame( 1, $this->count_notes() );
	}

	/**
	 * Every note, whatever its status, counted in the database.
	 */
	private function count_notes(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = %s", Notes::POST_TYPE ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * The post type maps its capabilities to the plugin's: core's post capabilities do not open
	 * notes, the plugin's do.
	 */
	public function test_post_type_capabilities_are_the_plugins(): void {
		$note = $this->create_note();
		$this->assertTrue( current_user_can( 'edit_post', $note['id'] ) );
		$this->assertTrue( current_user_can( 'delete_post', $note['id'] ) );

		$this->act_as( 'editor' );
		$this->assertTrue( current_user_can( 'edit_others_posts' ) );
		$this->assertFalse( current_user_can( 'edit_post', $note['id'] ), 'an editor may edit posts, not notes' );
		$this->assertFalse( current_user_can( 'read_post', $note['id'] ) );

		$type = get_post_type_object( Notes::POST_TYPE );
		$this->assertFalse( $type->public );
		$this->assertFalse( $type->show_ui );
		$this->assertFalse( $type->show_in_rest );
		$this->assertSame( Capabilities::SAVE, $type->cap->edit_posts );
		$this->assertSame( Capabilities::VIEW, $type->cap->read_post );
		$this->assertFalse( get_taxonomy( Categories::TAXONOMY )->public );
		$this->assertSame( Capabilities::SAVE, get_taxonomy( Categories::TAXONOMY )->cap->assign_terms );
	}

	/**
	 * Answers validate against their routes' schemas, which declare exactly their properties.
	 */
	public function test_answers_match_the_schemas(): void {
		$media = $this->create_attachment();
		$note  = $this->create_note(
			array(
				'medias'   => array( $media ),
				'category' => $this->default_category( 'Promotion' )->term_id,
			)
		);
		$list  = $this->list_notes();

		$collection = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/notes' )->get_data()['schema'];
		$item       = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/notes/' . $note['id'] )->get_data()['schema'];
		$this->assertSame( 'monsterinsights-reports-notes', $collection['title'] );
		$this->assertSame( 'monsterinsights-reports-note', $item['title'] );

		$this->assertTrue( rest_validate_value_from_schema( $list, $collection, 'notes' ) );
		$this->assertTrue( rest_validate_value_from_schema( $note, $item, 'note' ) );
		$this->assertSame( array_keys( $collection['properties'] ), array_keys( $list ) );
		$this->assertSame( array_keys( $collection['properties']['pagination']['properties'] ), array_keys( $list['pagination'] ) );
		$this->assertSame( array_keys( $item['properties'] ), array_keys( $note ) );
		$this->assertSame( array_keys( $item['properties']['category']['properties'] ), array_keys( $note['category'] ) );
		$this->assertSame( array_keys( $item['properties']['medias']['items']['properties'] ), array_keys( $note['medias'][0] ) );

		foreach ( array( '/important', '/restore' ) as $suffix ) {
			$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/notes/' . $note['id'] . $suffix )->get_data()['schema'];
			$this->assertSame( 'monsterinsights-reports-note', $schema['title'] );
		}
	}
}
