<?php
/**
 * The Year in Review on the builtin source.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Reports\YearInReview;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Berlin time; the report year is the calendar year before today's. Visits of that year:
 * - a 15 Jan "/" from Google then "/about/" 2 minutes later (DE, Windows): 120 s, 2 pages;
 * - b 10 Mar "/blog/" from news.example.org (US, iPhone); c 20 Mar "/" direct (FR, iPad);
 *   d 21 Mar "/blog/" from news.example.org (DE, Windows); e 31 Dec 23:30 "/" direct (DE, Windows);
 * the year before: f 1 Jun "/" (DE); the next year: g 1 Jan 00:30 "/" (DE), not counted.
 */
class YearInReviewTest extends BuiltinTestCase {

	/**
	 * The report year.
	 *
	 * @var int
	 */
	private int $year = 0;

	/**
	 * The builtin source, an administrator with a plus licence.
	 */
	protected function set_up() {
		parent::set_up();
		$this->year = (int) ( new \DateTimeImmutable( 'today', new \DateTimeZone( 'Europe/Berlin' ) ) )->format( 'Y' ) - 1;
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', static fn() => 'plus' );
	}

	/**
	 * The script.
	 */
	private function visits(): void {
		Hits::reset();
		$y  = $this->year;
		$de = array( 'cc' => 'DE' );
		$this->aggregate(
			array(
				Hits::pageview( 'a', $y . '-01-15 10:00:00', '/', $de + array( 'r' => 'https://www.google.com/search?q=x' ) ),
				Hits::pageview( 'a', $y . '-01-15 10:02:00', '/about/', $de ),
				Hits::pageview(
					'b',
					$y . '-03-10 10:00:00',
					'/blog/',
					array(
						'r'  => 'https://news.example.org/a',
						'ua' => Hits::IPHONE_SAFARI,
						'cc' => 'US',
					)
				),
				Hits::pageview(
					'c',
					$y . '-03-20 10:00:00',
					'/',
					array(
						'ua' => Hits::IPAD,
						'cc' => 'FR',
					)
				),
				Hits::pageview( 'd', $y . '-03-21 10:00:00', '/blog/', $de + array( 'r' => 'https://news.example.org/b' ) ),
				Hits::pageview( 'e', $y . '-12-31 23:30:00', '/', $de ),
				Hits::pageview( 'f', ( $y - 1 ) . '-06-01 10:00:00', '/', $de ),
				Hits::pageview( 'g', ( $y + 1 ) . '-01-01 00:30:00', '/', $de ),
			)
		);
	}

	/**
	 * The payload.
	 *
	 * @return array<string, mixed>
	 */
	private function report(): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/yearinreview', array() );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		return $data;
	}

	/**
	 * Every figure of the year, with the year before's.
	 */
	public function test_the_year_in_numbers(): void {
		$this->visits();
		$data = $this->report();
		$this->assertTrue( $data['is_enabled'] );
		$this->assertSame( $this->year, $data['report_year'] );
		$this->assertSame( $this->year + 1, $data['next_year'] );
		$this->assertEquals(
			array(
				'users'     => array(
					'value' => 5,
					'prev'  => 1,
				),
				'sessions'  => array(
					'value' => 5,
					'prev'  => 1,
				),
				'pageviews' => array(
					'value' => 6,
					'prev'  => 1,
				),
				'duration'  => array(
					'value'         => 24,
					'prev'          => 0,
					'avg_minutes'   => 0.4,
					'total_minutes' => 2,
				),
			),
			$data['info']
		);
		$this->assertSame( array( 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1 ), $data['usersgraph']['datapoints'] );
		$this->assertSame( array( 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec' ), $data['usersgraph']['labels'] );
		$this->assertSame( 3, $data['usersgraph']['max'] );
		$this->assertSame( 'March', $data['usersgraph']['bestmonth'] );
		$this->assertSame(
			array(
				array(
					'name'     => 'Germany',
					'iso'      => 'DE',
					'sessions' => 3,
				),
				array(
					'name'     => 'France',
					'iso'      => 'FR',
					'sessions' => 1,
				),
				array(
					'name'     => 'United States',
					'iso'      => 'US',
					'sessions' => 1,
				),
			),
			$data['countries']
		);
		$this->assertSame( array( 'Home Page', '/blog/' ), array_column( $data['toppages'], 'title' ) );
		$this->assertSame( array( 3, 2 ), array_column( $data['toppages'], 'sessions' ) );
		$this->assertSame( home_url( '/blog/' ), $data['toppages'][1]['url'] );
		$this->assertSame(
			array(
				array(
					'url'      => 'news.example.org',
					'sessions' => 2,
				),
			),
			$data['referrals']
		);
		$this->assertEquals(
			array(
				'desktop' => 60.0,
				'tablet'  => 20.0,
				'mobile'  => 20.0,
			),
			$data['devices']
		);
	}

	/**
	 * A year without any session is still calculating.
	 */
	public function test_calculating_without_data(): void {
		$data = $this->report();
		$this->assertFalse( $data['is_enabled'] );
		$this->assertSame( array_fill( 0, 12, 0 ), $data['usersgraph']['datapoints'] );
		$this->assertSame( '', $data['usersgraph']['bestmonth'] );
	}

	/**
	 * It shows from 1 to 14 January, else only when forced; the boot data carries the state.
	 */
	public function test_when_it_shows(): void {
		$today    = new \DateTimeImmutable( 'today', wp_timezone() );
		$in_range = '01' === $today->format( 'm' ) && (int) $today->format( 'j' ) <= 14;
		$this->assertSame(
			array(
				'show_report' => $in_range,
				'report_year' => $this->year,
			),
			YearInReview::state()
		);
		add_filter( 'monsterinsights_reports_force_year_in_review', '__return_true' );
		$this->assertTrue( YearInReview::state()['show_report'] );
		$this->assertSame(
			array(
				'show_report' => true,
				'report_year' => $this->year,
			),
			BootData::build()['site']['yearInReview']
		);
	}
}
