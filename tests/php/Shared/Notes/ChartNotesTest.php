<?php
/**
 * Site notes on the overview chart, and the report cache following note changes.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Notes;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Notes\Module;
use MonsterInsights\Reports\Notes\Notes;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\Support\SessionsSource;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The overview's overviewgraph.notes carries the published notes of the chart's range, placed by the timestamp
 * unit of overviewgraph.timestamps; a cached overview never shows notes as they were.
 */
class ChartNotesTest extends TestCase {

	use NotesRequests;

	/**
	 * The connected source the overview answers from.
	 *
	 * @var SessionsSource
	 */
	private SessionsSource $source;

	/**
	 * Site-local today.
	 *
	 * @var \DateTimeImmutable
	 */
	private \DateTimeImmutable $today;

	/**
	 * An administrator in Berlin, with a connected source of one session.
	 */
	protected function set_up() {
		parent::set_up();
		update_option( 'timezone_string', 'Europe/Berlin' );
		$this->today  = new \DateTimeImmutable( 'today', wp_timezone() );
		$this->source = new SessionsSource(
			array(
				array(
					'date'       => $this->day( 2 ),
					'dimensions' => array(
						'deviceCategory' => 'desktop',
						'countryId'      => 'DE',
						'sessionSource'  => '(direct)',
						'sessionMedium'  => '(none)',
						'landingPage'    => '/',
						'pageTitle'      => 'Home',
						'pagePath'       => '/',
						'newVsReturning' => 'new',
						'hour'           => '10',
						'dayOfWeek'      => '1',
					),
					'pageviews'  => 1,
					'duration'   => 10,
					'engaged'    => true,
					'visitor'    => 'v1',
				),
			)
		);
		$source       = $this->source;
		add_filter( 'monsterinsights_reports_sources', static fn() => array( $source ) );
		update_option( BootData::SOURCE_OPTION, 'sessions' );
		$this->act_as( 'administrator' );
	}

	/**
	 * Y-m-d of today minus $days.
	 *
	 * @param int $days Days back.
	 */
	private function day( int $days ): string {
		return $this->today->modify( '-' . $days . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * The overview's graph for the default range (the last 30 days ending yesterday).
	 *
	 * @return array<string, mixed>
	 */
	private function graph(): array {
		list( $status, $data ) = $this->call( 'GET', '/reports/overview' );
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		return $data['overviewgraph'];
	}

	/**
	 * The chart notes of the default range, by note id.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function chart_notes(): array {
		return array_column( $this->graph()['notes'], null, 'id' );
	}

	/**
	 * A note of the range is on the chart with its title, day, colour, category and importance,
	 * at the timestamp of its day's point; notes outside the range and trashed notes are not.
	 */
	public function test_the_overview_carries_the_notes_of_its_range(): void {
		$promotion = $this->create_category( 'Spring', '#D63' );
		$inside    = $this->create_note(
			array(
				'note_title' => 'Sale <b>starts</b>',
				'note_date'  => $this->day( 3 ),
				'category'   => $promotion['id'],
				'important'  => true,
			)
		);
		$first     = $this->create_note(
			array(
				'note_title' => 'First day',
				'note_date'  => $this->day( 30 ),
			)
		);
		$this->create_note(
			array(
				'note_title' => 'Before the range',
				'note_date'  => $this->day( 31 ),
			)
		);
		$this->create_note(
			array(
				'note_title' => 'Today, after the range',
				'note_date'  => $this->day( 0 ),
			)
		);
		$trashed = $this->create_note(
			array(
				'note_title' => 'Trashed',
				'note_date'  => $this->day( 3 ),
			)
		);
		$this->call( 'DELETE', '/notes/' . $trashed['id'] );

		$graph = $this->graph();
		$this->assertSame( array( $first['id'], $inside['id'] ), array_column( $graph['notes'], 'id' ), 'oldest first, only the range, only published' );

		$note = $graph['notes'][1];
		$this->assertSame(
			array(
				'id'        => $inside['id'],
				'title'     => 'Sale <b>starts</b>',
				'date'      => $this->day( 3 ),
				'timestamp' => ( new \DateTimeImmutable( $this->day( 3 ), wp_timezone() ) )->getTimestamp(),
				'color'     => '#dd6633',
				'category'  => 'Spring',
				'important' => true,
			),
			$note
		);
		// The chart places notes by timestamp: the same value as the point of that day.
		$index = array_search( $note['timestamp'], $graph['timestamps'], true );
		$this->assertSame( 27, $index, 'three days ago is the 28th of 30 points' );
		$this->assertSame( $graph['timestamps'][0], $graph['notes'][0]['timestamp'] );
		$this->assertSame( '#7f8b97', $graph['notes'][0]['color'] );
		$this->assertSame( '', $graph['notes'][0]['category'] );
		$this->assertFalse( $graph['notes'][0]['important'] );
	}

	/**
	 * The filter keeps notes other code added, and each range gets its own notes.
	 */
	public function test_the_filter_adds_to_other_notes_per_range(): void {
		$note  = $this->create_note(
			array(
				'note_title' => 'Launch',
				'note_date'  => '2024-03-31',
			)
		);
		$tz    = wp_timezone();
		$march = new DateRange( new \DateTimeImmutable( '2024-03-01', $tz ), new \DateTimeImmutable( '2024-03-31', $tz ) );
		$april = new DateRange( new \DateTimeImmutable( '2024-04-01', $tz ), new \DateTimeImmutable( '2024-04-30', $tz ) );

		$other = array( 'title' => 'From elsewhere' );
		$notes = apply_filters( 'monsterinsights_reports_chart_notes', array( $other ), $march );
		$this->assertSame( $other, $notes[0] );
		$this->assertSame( $note['id'], $notes[1]['id'] );
		// 2024-03-31 00:00 in Berlin is still winter time (UTC+1): 2024-03-30 23:00 UTC.
		$this->assertSame( gmmktime( 23, 0, 0, 3, 30, 2024 ), $notes[1]['timestamp'] );
		$this->assertSame( array(), Module::chart_notes( array(), $april ) );
	}

	/**
	 * The overview is cached; every change to a note or a category shows on the next request.
	 */
	public function test_cached_overview_follows_every_note_change(): void {
		$this->assertSame( array(), $this->graph()['notes'] );
		$asked = count( $this->source->queries );
		$this->assertSame( array(), $this->graph()['notes'] );
		$this->assertCount( $asked, $this->source->queries, 'the second request is answered from the cache' );

		$category = $this->create_category( 'Deploys', '#000000' );
		$note     = $this->create_note(
			array(
				'note_title' => 'Deployed v2',
				'note_date'  => $this->day( 5 ),
				'category'   => $category['id'],
			)
		);
		$this->assertSame( 'Deployed v2', $this->chart_notes()[ $note['id'] ]['title'] ?? null, 'create' );

		$this->call( 'PATCH', '/notes/' . $note['id'], array( 'note_title' => 'Deployed v2.1' ) );
		$this->assertSame( 'Deployed v2.1', $this->chart_notes()[ $note['id'] ]['title'] ?? null, 'update' );

		$this->call( 'PATCH', '/notes/' . $note['id'], array( 'note_date' => $this->day( 6 ) ) );
		$this->assertSame( $this->day( 6 ), $this->chart_notes()[ $note['id'] ]['date'] ?? null, 'new date' );

		$this->call( 'POST', '/notes/' . $note['id'] . '/important' );
		$this->assertTrue( $this->chart_notes()[ $note['id'] ]['important'] ?? null, 'important' );

		$this->call( 'PATCH', '/note-categories/' . $category['id'], array( 'background_color' => '#ffffff' ) );
		$this->assertSame( '#ffffff', $this->chart_notes()[ $note['id'] ]['color'] ?? null, 'category colour' );

		$this->call( 'PATCH', '/note-categories/' . $category['id'], array( 'name' => 'Releases' ) );
		$this->assertSame( 'Releases', $this->chart_notes()[ $note['id'] ]['category'] ?? null, 'category name' );

		$this->call( 'DELETE', '/note-categories/' . $category['id'] );
		$this->assertSame( '', $this->chart_notes()[ $note['id'] ]['category'] ?? null, 'category deleted' );

		$this->call( 'DELETE', '/notes/' . $note['id'] );
		$this->assertArrayNotHasKey( $note['id'], $this->chart_notes(), 'trash' );

		$this->call( 'POST', '/notes/' . $note['id'] . '/restore' );
		$this->assertArrayHasKey( $note['id'], $this->chart_notes(), 'restore' );

		$this->call( 'DELETE', '/notes/' . $note['id'], array( 'force' => true ) );
		$this->assertArrayNotHasKey( $note['id'], $this->chart_notes(), 'delete for good' );

		// And still cached while nothing changes.
		$asked = count( $this->source->queries );
		$this->graph();
		$this->assertCount( $asked, $this->source->queries );
	}

	/**
	 * Changes made without the REST routes (WP-CLI, other code) invalidate too.
	 */
	public function test_changes_outside_the_routes_invalidate_too(): void {
		$note = $this->create_note(
			array(
				'note_title' => 'Through REST',
				'note_date'  => $this->day( 4 ),
			)
		);
		$this->assertFalse( $this->chart_notes()[ $note['id'] ]['important'] );
		$version = Notes::version();

		update_post_meta( $note['id'], Notes::META_IMPORTANT, '1' );
		$this->assertNotSame( $version, Notes::version() );
		$this->assertTrue( $this->chart_notes()[ $note['id'] ]['important'] );

		wp_update_post(
			array(
				'ID'         => $note['id'],
				'post_title' => 'Through the API',
			)
		);
		$this->assertSame( 'Through the API', $this->chart_notes()[ $note['id'] ]['title'] );

		// Unrelated content leaves the version alone.
		$version = Notes::version();
		$post    = (int) wp_insert_post(
			array(
				'post_title'  => 'A post',
				'post_status' => 'publish',
			)
		);
		update_post_meta( $post, Notes::META_IMPORTANT, '1' );
		wp_set_object_terms( $post, array( 'news' ), 'post_tag' );
		$this->assertSame( $version, Notes::version() );
	}
}
