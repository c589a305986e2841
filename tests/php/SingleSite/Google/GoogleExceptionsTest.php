<?php
/**
 * The Exceptions report on the google source: spikes planted in the fake's GA4 numbers.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\REST\ReportsController;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\Ga4Exceptions;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\FakeNumbers;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;
use MonsterInsights\Reports\Tests\Support\FakeShop;

/**
 * Now is Wednesday 25 November 2026, noon (UTC, the test site's time zone). The report asks 1–24
 * November; the days judged start 28 days before the range (for recurrence): 4 October, with the
 * 8 weeks before it as history, so GA4 is asked from 9 August to 24 November. The fake runs with
 * steady numbers (docs/development.md, "The fake Google server": 450–549 a day, rates 45–55 %),
 * in which no day stands out, until a spike is planted: a day of a row gets `add` more. Each
 * expected row is computed here: the day's number by the fake's formula plus the spike, the usual
 * value the median of the same weekday of the 8 weeks before.
 */
class GoogleExceptionsTest extends GoogleReportTestCase {

	use FakeShop;

	private const NOW = '2026-11-25 12:00:00';

	private const RANGE = array(
		'start' => '2026-11-01',
		'end'   => '2026-11-24',
	);

	/**
	 * Now frozen, an agency administrator, no exception deleted before.
	 */
	protected function set_up() {
		parent::set_up();
		delete_option( Ga4Exceptions::OPTION );
		self::fake_google_control( '/__control', array( 'steady' => true ) );
		$this->now( self::NOW );
		$this->as_admin_with( 'agency' );
	}

	/**
	 * Freezes now.
	 *
	 * @param string $at A UTC time.
	 */
	private function now( string $at ): void {
		remove_all_filters( 'monsterinsights_reports_now' );
		add_filter( 'monsterinsights_reports_now', static fn(): int => (int) strtotime( $at . ' UTC' ) );
	}

	/**
	 * Plants spikes in the fake's numbers.
	 *
	 * @param list<array<string, mixed>> $spikes The spikes.
	 */
	private static function plant( array $spikes ): void {
		self::fake_google_control( '/__control', array( 'spikes' => $spikes ) );
	}

	/**
	 * A spike of a channel's sessions.
	 *
	 * @param string $channel The channel.
	 * @param string $day     The day.
	 * @param int    $add     Sessions added.
	 * @return array<string, mixed>
	 */
	private static function channel_spike( string $channel, string $day, int $add ): array {
		return array(
			'metric'    => 'sessions',
			'date'      => $day,
			'dimension' => 'sessionDefaultChannelGroup',
			'value'     => $channel,
			'add'       => $add,
		);
	}

	/**
	 * A day some days after another.
	 *
	 * @param string $day  Y-m-d.
	 * @param int    $days Days (negative: before).
	 */
	private static function shift( string $day, int $days ): string {
		return gmdate( 'Y-m-d', (int) strtotime( $day . ' 12:00:00 UTC' ) + 86400 * $days );
	}

	/**
	 * The median of a list, as the detector's rule states it: the middle value, or the mean of the
	 * two middle ones.
	 *
	 * @param float[] $values The values.
	 */
	private static function median( array $values ): float {
		sort( $values );
		$n = count( $values );
		return 1 === $n % 2 ? (float) $values[ intdiv( $n, 2 ) ] : ( $values[ $n / 2 - 1 ] + $values[ $n / 2 ] ) / 2;
	}

	/**
	 * A steady additive number of the fake: per day 450 + crc32("{property}|{metric}|{day}|{values}|{filters}") % 100.
	 *
	 * @param string   $metric  GA4's metric.
	 * @param string[] $days    The days.
	 * @param string   $values  The row's values.
	 * @param string   $filters The filters' key.
	 */
	private static function steady( string $metric, array $days, string $values = '', string $filters = '' ): int {
		$sum = 0;
		foreach ( $days as $day ) {
			$sum += 450 + crc32( FakeNumbers::PROPERTY . '|' . $metric . '|' . $day . '|' . $values . '|' . $filters ) % 100;
		}
		return $sum;
	}

	/**
	 * A channel's sessions on a day as the fake answers them: its steady formula (no filter) plus
	 * the spikes of that channel and day.
	 *
	 * @param string                     $channel The channel.
	 * @param string                     $day     The day.
	 * @param list<array<string, mixed>> $spikes  The spikes.
	 */
	private static function channel_sessions( string $channel, string $day, array $spikes ): float {
		$value = self::steady( 'sessions', array( $day ), $channel );
		foreach ( $spikes as $spike ) {
			if ( $spike['date'] === $day && ( $spike['value'] ?? null ) === $channel && 'sessions' === $spike['metric'] ) {
				$value += $spike['add'];
			}
		}
		return (float) $value;
	}

	/**
	 * The row of a channel's sessions spike: value the day's sessions, expected the median of the
	 * 8 same weekdays before (history from $first on).
	 *
	 * @param string                     $channel   The channel.
	 * @param string                     $day       The day.
	 * @param list<array<string, mixed>> $spikes    Every spike planted.
	 * @param bool                       $recurring Whether it recurred.
	 * @param string                     $first     The first day with data.
	 * @return array<string, mixed>
	 */
	private static function expected_row( string $channel, string $day, array $spikes, bool $recurring, string $first = '2026-08-09' ): array {
		$history = array();
		foreach ( range( 1, 8 ) as $week ) {
			$before = self::shift( $day, -7 * $week );
			if ( $before < $first ) {
				break;
			}
			$history[] = self::channel_sessions( $channel, $before, $spikes );
		}
		return array(
			'id'        => ( crc32( FakeNumbers::PROPERTY . '|' . $day . '|sessions|' . $channel ) & 0x7FFFFFFF ),
			'day'       => $day,
			'category'  => 'engagement',
			'metric'    => 'sessions',
			'label'     => $channel,
			'direction' => 1,
			'value'     => self::channel_sessions( $channel, $day, $spikes ),
			'expected'  => self::median( $history ),
			'recurring' => $recurring,
		);
	}

	/**
	 * A range of the site's days.
	 *
	 * @param string $start First day.
	 * @param string $end   Last day.
	 */
	private static function range( string $start, string $end ): DateRange {
		return new DateRange( new \DateTimeImmutable( $start, wp_timezone() ), new \DateTimeImmutable( $end, wp_timezone() ) );
	}

	/**
	 * Every RunReportRequest sent, alone or in a batch, and how many calls carried them.
	 *
	 * @return array{0: list<array<string, mixed>>, 1: list<string>}
	 */
	private static function sent(): array {
		$bodies = array();
		$calls  = array();
		foreach ( self::fake_google_requests() as $request ) {
			$body = json_decode( (string) $request['body'], true );
			if ( str_contains( $request['path'], ':batchRunReports' ) ) {
				$bodies  = array_merge( $bodies, $body['requests'] );
				$calls[] = 'batchRunReports:' . count( $body['requests'] );
			} elseif ( str_contains( $request['path'], ':runReport' ) ) {
				$bodies[] = $body;
				$calls[]  = 'runReport';
			}
		}
		return array( $bodies, $calls );
	}

	/**
	 * Without a spike the fake's steady numbers have no exception; the report says the source detects them,
	 * and one page load asked GA4 twice: the daily series in one batch, then the top landing pages'
	 * days. The requests ask the `date` dimension from 8 weeks before the first day judged to
	 * yesterday; a second load asks nothing.
	 */
	public function test_nothing_found_in_steady_numbers_and_two_calls(): void {
		$data = $this->report( 'exceptions', self::RANGE );
		$this->assertSame( array(), $data['items'] );
		$this->assertSame(
			array(
				'page'     => 1,
				'pages'    => 0,
				'per_page' => 20,
				'total'    => 0,
			),
			$data['pagination']
		);
		$this->assertTrue( $data['detects'] );

		list( $bodies, $calls ) = self::sent();
		$this->assertSame( array( 'batchRunReports:4', 'runReport' ), $calls );
		foreach ( $bodies as $body ) {
			$this->assertSame(
				array(
					array(
						'startDate' => '2026-08-09',
						'endDate'   => '2026-11-24',
					),
				),
				$body['dateRanges']
			);
		}
		$dimensions = array_map( static fn( array $body ): array => array_column( $body['dimensions'], 'name' ), $bodies );
		$this->assertSame(
			array(
				array( 'date' ),
				array( 'sessionDefaultChannelGroup', 'date' ),
				array( 'sessionCampaignName', 'date' ),
				array( 'landingPage' ),
				array( 'landingPage', 'date' ),
			),
			$dimensions
		);
		$this->assertSame( array( 'sessions', 'screenPageViews', 'bounceRate' ), array_column( $bodies[1]['metrics'], 'name' ) );
		$this->assertSame( 5, $bodies[3]['limit'] );
		// The five landing pages with the most sessions over those days, by the fake's formula.
		$pages  = array( '/', '/pricing/', '/blog/getting-started/', '/blog/ten-tips/', '/about/', '/contact/', '/shop/' );
		$days   = FakeNumbers::days( '2026-08-09', '2026-11-24' );
		$filter = array( 'notExpression' => array( 'filter' => array( 'fieldName' => 'landingPage', 'inListFilter' => array( 'values' => array( '(not set)' ) ) ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- One line.
		$key    = FakeNumbers::filters( array( 'dimensionFilter' => $filter ) );
		usort( $pages, static fn( string $a, string $b ): int => array( self::steady( 'sessions', $days, $b, $key ), $a ) <=> array( self::steady( 'sessions', $days, $a, $key ), $b ) );
		$this->assertSame( array_slice( $pages, 0, 5 ), $bodies[4]['dimensionFilter']['andGroup']['expressions'][0]['filter']['inListFilter']['values'] );

		$this->report( 'exceptions', self::RANGE );
		$this->assertCount( 2, self::sent()[1], 'the second load asks nothing' );
	}

	/**
	 * Two spikes of Organic Search's sessions, a week apart: each is found with its day's value
	 * and the median of its weekday's 8 weeks before (the first spike among them: a median ignores
	 * one unusual week), the second recurring; newest first, a page at a time; the payload's
	 * description; a deleted one is never listed again, and its id is gone for good.
	 */
	public function test_planted_spikes_are_found_paged_and_deleted(): void {
		$spikes = array(
			self::channel_spike( 'Organic Search', '2026-11-10', 5000 ),
			self::channel_spike( 'Organic Search', '2026-11-17', 4000 ),
		);
		self::plant( $spikes );
		$newer  = self::expected_row( 'Organic Search', '2026-11-17', $spikes, true );
		$older  = self::expected_row( 'Organic Search', '2026-11-10', $spikes, false );
		$source = new GoogleSource();

		$this->assertSame(
			array(
				'rows'  => array( $newer, $older ),
				'total' => 2,
			),
			$source->exceptions( self::range( '2026-11-01', '2026-11-24' ), 1, 20 )
		);
		$this->assertSame(
			array(
				'rows'  => array( $older ),
				'total' => 2,
			),
			$source->exceptions( self::range( '2026-11-01', '2026-11-24' ), 2, 1 )
		);
		// A range of the second week only: the first spike still makes the second recurring.
		$this->assertSame(
			array(
				'rows'  => array( $newer ),
				'total' => 1,
			),
			$source->exceptions( self::range( '2026-11-15', '2026-11-21' ), 1, 20 )
		);

		$data = $this->report( 'exceptions', self::RANGE );
		$this->assertSame(
			array(
				'id'          => $newer['id'],
				'category'    => 'engagement',
				'time'        => '2026-11-17',
				'recurring'   => true,
				'resolved'    => false,
				'description' => sprintf(
					'Sessions from Organic Search were %s on Tuesday, November 17, 2026, %s× the usual %s for a Tuesday.',
					number_format( $newer['value'] ),
					number_format( $newer['value'] / $newer['expected'], 1 ),
					number_format( $newer['expected'], floor( $newer['expected'] ) === $newer['expected'] ? 0 : 1 )
				),
			),
			$data['items'][0]
		);
		$this->assertSame( 2, $data['pagination']['total'] );

		// Deleted: not listed again (the found rows stay cached: the deletion shows at once).
		$deleted = $this->rest( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $newer['id'] );
		$this->assertSame( 200, $deleted->get_status() );
		$this->assertSame(
			array(
				'deleted' => true,
				'id'      => $newer['id'],
			),
			$deleted->get_data()
		);
		$data = $this->report( 'exceptions', self::RANGE );
		$this->assertSame( array( $older['id'] ), array_column( $data['items'], 'id' ) );
		$this->assertSame( 1, $data['pagination']['total'] );
		$this->assertSame( 404, $this->rest( 'DELETE', '/monsterinsights-reports/v1/exceptions/' . $newer['id'] )->get_status(), 'deleted already' );
		$this->assertSame( 404, $this->rest( 'DELETE', '/monsterinsights-reports/v1/exceptions/12345' )->get_status(), 'never listed' );

		// Found afresh (another range, the cache expired): still not listed.
		Cache::expire_all();
		$this->assertSame( array( $older ), $source->exceptions( self::range( '2026-11-02', '2026-11-24' ), 1, 20 )['rows'] );
		$this->assertSame(
			array(
				FakeNumbers::PROPERTY => array(
					'found'   => array(
						$newer['id'] => '2026-11-17',
						$older['id'] => '2026-11-10',
					),
					'deleted' => array( $newer['id'] => '2026-11-17' ),
				),
			),
			get_option( Ga4Exceptions::OPTION )
		);

		// Kept until the day falls out of the lookback (92 days): the next write drops them.
		$this->now( '2027-02-17 12:00:00' );
		$this->assertSame( array(), $source->exceptions( self::range( '2026-11-01', '2026-11-24' ), 1, 20 )['rows'] );
		$this->assertFalse( $source->delete_exception( $older['id'] ), 'out of the lookback' );
	}

	/**
	 * The ids found and deleted are dropped once their day is older than the lookback.
	 */
	public function test_old_ids_are_dropped(): void {
		update_option(
			Ga4Exceptions::OPTION,
			array(
				FakeNumbers::PROPERTY => array(
					'found'   => array(
						11 => '2026-08-24',
						12 => '2026-08-25',
					),
					'deleted' => array( 11 => '2026-08-24' ),
				),
				'300000002'           => array(
					'found'   => array( 21 => '2026-01-01' ),
					'deleted' => array(),
				),
			)
		);
		// 25 November less 92 days is 25 August.
		$this->assertTrue( ( new GoogleSource() )->delete_exception( 12 ) );
		$this->assertSame(
			array(
				FakeNumbers::PROPERTY => array(
					'found'   => array( 12 => '2026-08-25' ),
					'deleted' => array( 12 => '2026-08-25' ),
				),
				'300000002'           => array(
					'found'   => array( 21 => '2026-01-01' ),
					'deleted' => array(),
				),
			),
			get_option( Ga4Exceptions::OPTION )
		);
	}

	/**
	 * GA4's data starts on its first day (14 October 2020): a day is judged once 4 weeks of history
	 * lie on or after it. A spike on Wednesday 11 November 2020 (4 Wednesdays before it) is found;
	 * one on Tuesday 10 November (3 Tuesdays) is not.
	 */
	public function test_no_exception_without_four_weeks_of_history(): void {
		$this->now( '2020-11-20 12:00:00' );
		$spikes = array(
			self::channel_spike( 'Direct', '2020-11-10', 5000 ),
			self::channel_spike( 'Direct', '2020-11-11', 5000 ),
		);
		$source = new GoogleSource();
		$this->assertSame( array(), $source->exceptions( self::range( '2020-10-01', '2020-11-19' ), 1, 20 )['rows'], 'nothing in steady numbers' );
		self::plant( $spikes );
		Cache::expire_all();
		$this->assertSame(
			array( self::expected_row( 'Direct', '2020-11-11', $spikes, false, '2020-10-14' ) ),
			$source->exceptions( self::range( '2020-10-01', '2020-11-19' ), 1, 20 )['rows']
		);
		foreach ( self::sent()[0] as $body ) {
			$this->assertSame( '2020-10-14', $body['dateRanges'][0]['startDate'] );
		}
	}

	/**
	 * With a shop, purchases and revenue are watched too (the batch holds five requests): a revenue
	 * spike is found, in the shop's currency.
	 */
	public function test_revenue_with_a_shop(): void {
		$this->fake_shop( 'woocommerce' );
		self::plant(
			array(
				array(
					'metric' => 'purchaseRevenue',
					'date'   => '2026-11-19',
					'add'    => 5000,
				),
			)
		);
		$data = $this->report( 'exceptions', self::RANGE );
		$this->assertSame( array( 'batchRunReports:5', 'runReport' ), self::sent()[1] );
		// The fake's cents of the day (plus the spike's 5000.00) and of its 8 weeks before.
		$revenue = array();
		foreach ( array( 0, 1, 2, 3, 4, 5, 6, 7, 8 ) as $week ) {
			$day              = self::shift( '2026-11-19', -7 * $week );
			$cents            = 45000 + crc32( FakeNumbers::PROPERTY . '|purchaseRevenue|' . $day . '||' ) % 10000 + ( 0 === $week ? 500000 : 0 );
			$revenue[ $week ] = round( $cents / 100, 2 );
		}
		$value = $revenue[0];
		$usual = self::median( array_slice( $revenue, 1 ) );
		$this->assertSame(
			array(
				array(
					'id'          => crc32( FakeNumbers::PROPERTY . '|2026-11-19|revenue|' ) & 0x7FFFFFFF,
					'category'    => 'ecommerce',
					'time'        => '2026-11-19',
					'recurring'   => false,
					'resolved'    => false,
					'description' => sprintf( "Revenue was %s\u{00A0}€ on Thursday, November 19, 2026, %s× the usual %s\u{00A0}€ for a Thursday.", number_format( $value, 2 ), number_format( $value / $usual, 1 ), number_format( $usual, 2 ) ),
				),
			),
			$data['items']
		);
	}

	/**
	 * When GA4's quota is used up, the exceptions found last are listed, marked stale; with none
	 * found before, the report answers the quota error.
	 */
	public function test_quota_serves_the_last_exceptions(): void {
		self::plant(
			array(
				self::channel_spike( 'Organic Search', '2026-11-17', 4000 ),
			)
		);
		$fresh = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/exceptions', self::RANGE );
		$this->assertSame( 200, $fresh->get_status() );
		$this->assertCount( 1, $fresh->get_data()['items'] );

		Cache::expire_all();
		self::fake_google_control(
			'/__control',
			array(
				'fault' => 'quota',
				'scope' => 'data',
			)
		);
		$stale = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/exceptions', self::RANGE );
		$this->assertSame( 200, $stale->get_status() );
		$this->assertSame( 'quota', $stale->get_headers()[ ReportsController::STALE_HEADER ] );
		$this->assertEquals( $fresh->get_data(), $stale->get_data() );

		Cache::$stale = false;
		$other        = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/exceptions',
			array(
				'start' => '2026-11-02',
				'end'   => '2026-11-24',
			)
		);
		$this->assertSame( 429, $other->get_status() );
		$this->assertSame( GoogleError::QUOTA, $other->as_error()->get_error_code() );
	}
}
