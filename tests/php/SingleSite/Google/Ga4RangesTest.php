<?php
/**
 * Requests that differ only in their range, asked as one request of several ranges.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Sources\Google\Ga4Ranges;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Ga4Ranges on hand-written requests and an answer in the shape GA4 documents for several date
 * ranges (a last `dateRange` dimension on every row and every totals row).
 */
class Ga4RangesTest extends TestCase {

	/**
	 * A request by device over a range.
	 *
	 * @param string $start First day.
	 * @param string $end   Last day.
	 * @param array  $more  More fields.
	 * @return array<string, mixed>
	 */
	private static function request( string $start, string $end, array $more = array() ): array {
		return array_merge(
			array(
				'dateRanges' => array(
					array(
						'startDate' => $start,
						'endDate'   => $end,
					),
				),
				'dimensions' => array( array( 'name' => 'deviceCategory' ) ),
				'metrics'    => array( array( 'name' => 'sessions' ) ),
			),
			$more
		);
	}

	/**
	 * The same request over other ranges is joined (in the order asked, at most four ranges); one
	 * with a limit, one with other metrics, and a range asked twice are not.
	 */
	public function test_joins_requests_that_differ_only_in_their_range(): void {
		$joined = Ga4Ranges::join(
			array(
				3  => self::request( '2026-11-01', '2026-11-07' ),
				7  => self::request( '2026-10-25', '2026-10-31' ),
				8  => self::request( '2026-11-01', '2026-11-07', array( 'limit' => 10 ) ),
				9  => self::request( '2026-10-25', '2026-10-31', array( 'limit' => 10 ) ),
				10 => self::request( '2026-10-18', '2026-10-24', array( 'metrics' => array( array( 'name' => 'totalUsers' ) ) ) ),
				11 => self::request( '2026-10-18', '2026-10-24' ),
				12 => self::request( '2026-10-11', '2026-10-17' ),
				13 => self::request( '2026-10-04', '2026-10-10' ),
				14 => self::request( '2026-11-01', '2026-11-07' ),
			)
		);
		$this->assertSame( array( array( 3, 7, 11, 12 ), array( 8 ), array( 9 ), array( 10 ), array( 13, 14 ) ), array_column( $joined, 'keys' ) );
		$this->assertSame(
			array(
				array(
					'startDate' => '2026-11-01',
					'endDate'   => '2026-11-07',
				),
				array(
					'startDate' => '2026-10-25',
					'endDate'   => '2026-10-31',
				),
				array(
					'startDate' => '2026-10-18',
					'endDate'   => '2026-10-24',
				),
				array(
					'startDate' => '2026-10-11',
					'endDate'   => '2026-10-17',
				),
			),
			$joined[0]['request']['dateRanges']
		);
		$this->assertSame( self::request( '2026-11-01', '2026-11-07', array( 'limit' => 10 ) ), $joined[1]['request'] );
	}

	/**
	 * Each range gets its rows, in GA4's order, and its totals row, without the dateRange value;
	 * a range without rows gets none.
	 */
	public function test_splits_an_answer_by_range(): void {
		$row                            = static fn( array $dimensions, string $value ): array => array(
			'dimensionValues' => array_map( static fn( string $d ): array => array( 'value' => $d ), $dimensions ),
			'metricValues'    => array( array( 'value' => $value ) ),
		);
		$answer                         = array(
			'dimensionHeaders' => array( array( 'name' => 'deviceCategory' ), array( 'name' => 'dateRange' ) ),
			'metricHeaders'    => array(
				array(
					'name' => 'sessions',
					'type' => 'TYPE_INTEGER',
				),
			),
			'rows'             => array(
				$row( array( 'desktop', 'date_range_0' ), '40' ),
				$row( array( 'desktop', 'date_range_1' ), '35' ),
				$row( array( 'mobile', 'date_range_0' ), '12' ),
				$row( array( 'tablet', 'date_range_0' ), '2' ),
				$row( array( 'mobile', 'date_range_1' ), '9' ),
			),
			'totals'           => array(
				$row( array( 'RESERVED_TOTAL', 'date_range_0' ), '54' ),
				$row( array( 'RESERVED_TOTAL', 'date_range_1' ), '44' ),
			),
			'rowCount'         => 5,
			'metadata'         => array( 'currencyCode' => 'USD' ),
		);
		list( $first, $second, $third ) = Ga4Ranges::split( $answer, 3 );
		$this->assertSame( array( array( 'name' => 'deviceCategory' ) ), $first['dimensionHeaders'] );
		$this->assertSame( array( $row( array( 'desktop' ), '40' ), $row( array( 'mobile' ), '12' ), $row( array( 'tablet' ), '2' ) ), $first['rows'] );
		$this->assertSame( array( $row( array( 'RESERVED_TOTAL' ), '54' ) ), $first['totals'] );
		$this->assertSame( 3, $first['rowCount'] );
		$this->assertSame( array( $row( array( 'desktop' ), '35' ), $row( array( 'mobile' ), '9' ) ), $second['rows'] );
		$this->assertSame( array( $row( array( 'RESERVED_TOTAL' ), '44' ) ), $second['totals'] );
		$this->assertSame( array( 'currencyCode' => 'USD' ), $second['metadata'] );
		$this->assertArrayNotHasKey( 'rows', $third );
		$this->assertSame( 0, $third['rowCount'] );
	}

	/**
	 * Without dimensions each range is one row whose only dimension was the range's name.
	 */
	public function test_splits_an_answer_without_dimensions(): void {
		$answer                  = array(
			'dimensionHeaders' => array( array( 'name' => 'dateRange' ) ),
			'metricHeaders'    => array( array( 'name' => 'sessions' ) ),
			'rows'             => array(
				array(
					'dimensionValues' => array( array( 'value' => 'date_range_1' ) ),
					'metricValues'    => array( array( 'value' => '7' ) ),
				),
				array(
					'dimensionValues' => array( array( 'value' => 'date_range_0' ) ),
					'metricValues'    => array( array( 'value' => '9' ) ),
				),
			),
		);
		list( $range, $compare ) = Ga4Ranges::split( $answer, 2 );
		$this->assertArrayNotHasKey( 'dimensionHeaders', $range );
		$this->assertSame( array( array( 'metricValues' => array( array( 'value' => '9' ) ) ) ), $range['rows'] );
		$this->assertSame( array( array( 'metricValues' => array( array( 'value' => '7' ) ) ) ), $compare['rows'] );
	}

	/**
	 * An answer of several ranges without the dateRange dimension is malformed.
	 */
	public function test_an_answer_without_the_range_dimension_is_malformed(): void {
		$this->assertSame( array( array( 'rows' => array() ) ), Ga4Ranges::split( array( 'rows' => array() ), 1 ) );
		try {
			Ga4Ranges::split( array( 'dimensionHeaders' => array( array( 'name' => 'deviceCategory' ) ) ), 2 );
			$this->fail( 'Split a malformed answer.' );
		} catch ( GoogleError $error ) {
			$this->assertSame( GoogleError::MALFORMED, $error->kind );
		}
	}
}
