<?php
/**
 * Lighthouse's scoring curves.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Reports\SpeedScore;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * SpeedScore against Lighthouse's own reference points (shared/test/statistics-test.js: the curve
 * with median 7300 and p10 3785) and its published control points per metric and device.
 */
class SpeedScoreTest extends TestCase {

	/**
	 * Lighthouse's statistics test: exact at the control points, two decimals elsewhere.
	 */
	public function test_lighthouse_reference_curve() {
		$this->assertSame( 0.5, SpeedScore::log_normal( 3785, 7300, 7300 ) );
		$this->assertSame( 0.9, SpeedScore::log_normal( 3785, 7300, 3785 ) );
		$this->assertSame( 1.0, SpeedScore::log_normal( 3785, 7300, 0 ) );
		$this->assertSame( 0.0, SpeedScore::log_normal( 3785, 7300, 1000000 ) );
		$points = array(
			1000  => 1.00,
			2500  => 0.98,
			5000  => 0.77,
			7500  => 0.48,
			10000 => 0.27,
			30000 => 0.00,
		);
		foreach ( $points as $value => $expected ) {
			$this->assertEqualsWithDelta( $expected, SpeedScore::log_normal( 3785, 7300, $value ), 0.005, (string) $value );
		}
	}

	/**
	 * Every curve scores 90 at its p10 and 50 at its median, on both devices; a value of 0 scores
	 * 100 and a huge one 0; the boost above 0.9 lets a value well below p10 reach 100.
	 */
	public function test_control_points() {
		$points = array(
			'fcp'  => array( array( 1800, 3000 ), array( 934, 1600 ) ),
			'lcp'  => array( array( 2500, 4000 ), array( 1200, 2400 ) ),
			'tbt'  => array( array( 200, 600 ), array( 150, 350 ) ),
			'cls'  => array( array( 0.1, 0.25 ), array( 0.1, 0.25 ) ),
			'inp'  => array( array( 200, 500 ), array( 200, 500 ) ),
			'ttfb' => array( array( 600, 1800 ), array( 600, 1800 ) ),
		);
		foreach ( $points as $metric => list( $mobile, $desktop ) ) {
			foreach ( array(
				'mobile'  => $mobile,
				'desktop' => $desktop,
			) as $device => list( $p10, $median ) ) {
				$this->assertSame( 90, SpeedScore::score( $metric, $device, $p10 ), "$metric $device p10" );
				$this->assertSame( 50, SpeedScore::score( $metric, $device, $median ), "$metric $device median" );
				$this->assertSame( 100, SpeedScore::score( $metric, $device, 0 ), "$metric $device 0" );
				$this->assertSame( 0, SpeedScore::score( $metric, $device, $median * 100 ), "$metric $device huge" );
				// Just past a control point the score drops below the band.
				$this->assertSame( 89, SpeedScore::score( $metric, $device, $p10 * 1.001 ), "$metric $device past p10" );
				$this->assertSame( 49, SpeedScore::score( $metric, $device, $median * 1.001 ), "$metric $device past median" );
			}
		}
		// Lighthouse's boost: 0.995 and above floor to 1 (1000 on the 3785/7300 curve is 0.99995).
		$this->assertSame( 100, SpeedScore::score( 'lcp', 'desktop', 300 ) );
	}

	/**
	 * The overall score: Lighthouse's weights over the metrics known; INP takes TBT's weight when
	 * TBT is missing; nothing weighted is null.
	 */
	public function test_overall() {
		$this->assertSame(
			83,
			SpeedScore::overall(
				array(
					'fcp' => 100,
					'lcp' => 80,
					'cls' => 90,
					'tbt' => 75,
				)
			)
		); // (1000 + 2000 + 2250 + 2250) / 90 → 83.3.
		$this->assertSame(
			66,
			SpeedScore::overall(
				array(
					'fcp' => 90,
					'lcp' => 50,
					'cls' => 90,
					'tbt' => null,
					'inp' => 50,
				)
			)
		);
		$this->assertSame(
			73,
			SpeedScore::overall(
				array(
					'fcp'  => 90,
					'lcp'  => 90,
					'cls'  => 50,
					'ttfb' => 0,
				)
			)
		);
		$this->assertSame(
			40,
			SpeedScore::overall(
				array(
					'fcp' => 40,
					'tbt' => 40,
					'inp' => 100,
				)
			)
		);
		$this->assertNull(
			SpeedScore::overall(
				array(
					'ttfb' => 90,
					'inp'  => null,
				)
			)
		);
	}
}
