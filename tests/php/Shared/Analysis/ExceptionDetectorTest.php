<?php
/**
 * The exception detector on seeded series: recall and precision, and exact small cases.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Analysis;

use MonsterInsights\Reports\Analysis\Exceptions\Detector;
use MonsterInsights\Reports\Analysis\Exceptions\Series;
use MonsterInsights\Reports\Analysis\Exceptions\SeriesCategory;
use MonsterInsights\Reports\Analysis\Exceptions\SeriesKind;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Series are generated from a fixed seed (a linear congruential generator, so every PHP gives the
 * same numbers): weekly seasonality (weekends lower), ±10 % noise, and injected spikes (×2 to ×3)
 * and drops (to 30–55 % of the value) after the first eight weeks.
 */
class ExceptionDetectorTest extends TestCase {

	private const FIRST_DAY = '2025-01-06'; // A Monday.

	private const DAYS = 140; // 20 weeks.

	/**
	 * Weekday factors, Monday first.
	 */
	private const WEEK = array( 1.0, 1.05, 1.1, 1.0, 0.9, 0.55, 0.6 );

	/**
	 * LCG state.
	 *
	 * @var int
	 */
	private int $state = 20260303;

	/**
	 * A number in [0, 1) from the seeded generator.
	 */
	private function random(): float {
		$this->state = ( 1103515245 * $this->state + 12345 ) % 2147483648;
		return $this->state / 2147483648;
	}

	/**
	 * The day of an index from FIRST_DAY.
	 *
	 * @param int $index Days after the first day.
	 */
	private static function day( int $index ): string {
		return gmdate( 'Y-m-d', (int) strtotime( self::FIRST_DAY . ' 00:00:00 UTC' ) + $index * DAY_IN_SECONDS );
	}

	/**
	 * Count series with injected anomalies.
	 *
	 * @return array{0: list<Series>, 1: array<string, array<string, int>>} Series, and by series key the injected days → direction.
	 */
	private function seeded_counts(): array {
		$series   = array();
		$injected = array();
		for ( $s = 0; $s < 12; $s++ ) {
			$level  = 40 + (int) floor( 2000 * $this->random() );
			$values = array();
			for ( $i = 0; $i < self::DAYS; $i++ ) {
				$values[ self::day( $i ) ] = $level * self::WEEK[ $i % 7 ] * ( 0.9 + 0.2 * $this->random() );
			}
			$key = 'sessions|channel ' . $s;
			// Three anomalies per series, 14 to 27 days apart, from week 9 on.
			$at = 56 + (int) floor( 10 * $this->random() );
			for ( $n = 0; $n < 3 && $at < self::DAYS; $n++ ) {
				$up                                   = 0 === ( $s + $n ) % 2;
				$factor                               = $up ? 2.0 + $this->random() : 0.3 + 0.25 * $this->random();
				$values[ self::day( $at ) ]          *= $factor;
				$injected[ $key ][ self::day( $at ) ] = $up ? 1 : -1;
				$at                                  += 14 + (int) floor( 14 * $this->random() );
			}
			$series[] = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'channel ' . $s, SeriesKind::Count, array_map( 'round', $values ) );
		}
		return array( $series, $injected );
	}

	/**
	 * Bounce-rate series (200–600 sessions a day) with injected rises and falls of 20–30 points.
	 *
	 * @return array{0: list<Series>, 1: array<string, array<string, int>>}
	 */
	private function seeded_rates(): array {
		$series   = array();
		$injected = array();
		for ( $s = 0; $s < 6; $s++ ) {
			$rate   = 35 + 20 * $this->random();
			$values = array();
			$bases  = array();
			for ( $i = 0; $i < self::DAYS; $i++ ) {
				$sessions                  = round( ( 200 + 400 * $this->random() ) * self::WEEK[ $i % 7 ] );
				$bases[ self::day( $i ) ]  = $sessions;
				$values[ self::day( $i ) ] = $rate + ( $i % 7 >= 5 ? 5 : 0 ) + 6 * ( $this->random() - 0.5 );
			}
			$key = 'bounce_rate|channel ' . $s;
			$at  = 60 + (int) floor( 7 * $this->random() );
			for ( $n = 0; $n < 3 && $at < self::DAYS; $n++ ) {
				$up                                   = 1 === ( $s + $n ) % 2;
				$values[ self::day( $at ) ]          += ( $up ? 1 : -1 ) * ( 20 + 10 * $this->random() );
				$injected[ $key ][ self::day( $at ) ] = $up ? 1 : -1;
				$at                                  += 15 + (int) floor( 10 * $this->random() );
			}
			$series[] = new Series( SeriesCategory::Engagement, Series::BOUNCE_RATE, 'channel ' . $s, SeriesKind::Rate, $values, $bases, 30 );
		}
		return array( $series, $injected );
	}

	/**
	 * Runs the detector over weeks 9–20 of every series and scores it against the injected days.
	 *
	 * @param Series[]                          $series   The series.
	 * @param array<string, array<string, int>> $injected Injected days by series key.
	 * @return array{precision: float, recall: float, found: int, injected: int, false: int}
	 */
	private static function score( array $series, array $injected ): array {
		$days = array();
		for ( $i = 56; $i < self::DAYS; $i++ ) {
			$days[] = self::day( $i );
		}
		$detector = new Detector();
		$hits     = 0;
		$false    = 0;
		$flagged  = 0;
		$total    = array_sum( array_map( 'count', $injected ) );
		foreach ( $series as $one ) {
			foreach ( $detector->find( $one, $days, self::FIRST_DAY ) as $found ) {
				++$flagged;
				if ( ( $injected[ $one->key() ][ $found['day'] ] ?? 0 ) === $found['direction'] ) {
					++$hits;
				} else {
					++$false;
				}
			}
		}
		return array(
			'precision' => 0 === $flagged ? 1.0 : $hits / $flagged,
			'recall'    => $hits / max( 1, $total ),
			'found'     => $hits,
			'injected'  => $total,
			'false'     => $false,
		);
	}

	/**
	 * Counts: at least 90 % of the injected spikes and drops found, at most 10 % of the flags false.
	 */
	public function test_finds_injected_count_anomalies(): void {
		list( $series, $injected ) = $this->seeded_counts();
		$score                     = self::score( $series, $injected );
		fwrite( STDOUT, sprintf( "\nCount series: %d of %d injected anomalies found, %d false; precision %.3f, recall %.3f\n", $score['found'], $score['injected'], $score['false'], $score['precision'], $score['recall'] ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		$this->assertSame( 36, $score['injected'] );
		$this->assertGreaterThanOrEqual( 0.9, $score['recall'] );
		$this->assertGreaterThanOrEqual( 0.9, $score['precision'] );
	}

	/**
	 * Rates: the same bar for bounce-rate rises and falls.
	 */
	public function test_finds_injected_rate_anomalies(): void {
		list( $series, $injected ) = $this->seeded_rates();
		$score                     = self::score( $series, $injected );
		fwrite( STDOUT, sprintf( "\nRate series: %d of %d injected anomalies found, %d false; precision %.3f, recall %.3f\n", $score['found'], $score['injected'], $score['false'], $score['precision'], $score['recall'] ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		$this->assertSame( 18, $score['injected'] );
		$this->assertGreaterThanOrEqual( 0.9, $score['recall'] );
		$this->assertGreaterThanOrEqual( 0.9, $score['precision'] );
	}

	/**
	 * A hand-built series: Tuesdays at 130–136, one Tuesday at 412 (3.1× the usual 133), one
	 * Thursday dropped from ~100 to 40; a busy Saturday compared with Saturdays is not an exception.
	 */
	public function test_exact_small_case(): void {
		$values = array();
		$week   = array( 100, 133, 100, 100, 100, 300, 30 ); // Monday … Sunday; Saturdays are busy.
		for ( $i = 0; $i < 42; $i++ ) {
			$values[ self::day( $i ) ] = (float) $week[ $i % 7 ] + ( $i % 3 ) - 1;
		}
		$values['2025-02-11'] = 412.0; // Tuesday of week 6.
		$values['2025-02-13'] = 40.0;  // Thursday of week 6.
		$series               = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'Organic Search', SeriesKind::Count, $values );
		$days                 = array();
		for ( $i = 35; $i < 42; $i++ ) {
			$days[] = self::day( $i );
		}
		$found = ( new Detector() )->find( $series, $days, self::FIRST_DAY );
		$this->assertSame( array( '2025-02-11', '2025-02-13' ), array_column( $found, 'day' ) );
		$this->assertSame( array( 1, -1 ), array_column( $found, 'direction' ) );
		$this->assertSame( array( 412.0, 40.0 ), array_column( $found, 'value' ) );
		// Tuesdays before: 133 +1, −1, +0, +1, −1 → median 133; Thursdays: 100 +0, +1, −1, +0, +1 → 100.
		$this->assertSame( array( 133.0, 100.0 ), array_column( $found, 'expected' ) );
	}

	/**
	 * Tiny series never flag (a spike has to reach the minimum volume, a drop has to start from
	 * it, a series usually at 0 has no ratio); too little history is not judged.
	 */
	public function test_volume_and_history_thresholds(): void {
		$values = array();
		for ( $i = 0; $i < 42; $i++ ) {
			$values[ self::day( $i ) ] = 5.0;
		}
		$values['2025-02-11'] = 15.0;
		$values['2025-02-12'] = 0.0;
		$tiny                 = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'Email', SeriesKind::Count, $values );
		$this->assertNull( ( new Detector() )->judge( $tiny, '2025-02-11', self::FIRST_DAY ) );
		$this->assertNull( ( new Detector() )->judge( $tiny, '2025-02-12', self::FIRST_DAY ) );
		// A small series that bursts past the minimum volume is an exception.
		$burst = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'Email', SeriesKind::Count, array( '2025-02-11' => 60.0 ) + $values );
		$this->assertSame( 5.0, ( new Detector() )->judge( $burst, '2025-02-11', self::FIRST_DAY )['expected'] ?? null );
		$nothing = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'Email', SeriesKind::Count, array( '2025-02-11' => 60.0 ) );
		$this->assertNull( ( new Detector() )->judge( $nothing, '2025-02-11', self::FIRST_DAY ) );

		$values['2025-02-11'] = 60.0;

		$busy = new Series( SeriesCategory::Engagement, Series::SESSIONS, 'Email', SeriesKind::Count, array_map( static fn( float $v ): float => 20 * $v, $values ) );
		$this->assertNotNull( ( new Detector() )->judge( $busy, '2025-02-11', self::FIRST_DAY ) );
		// Three weeks of history only (data starting on 2025-01-20) is not enough.
		$this->assertNull( ( new Detector() )->judge( $busy, '2025-02-11', '2025-01-20' ) );
		$this->assertNotNull( ( new Detector() )->judge( $busy, '2025-02-11', '2025-01-14' ) );
	}
}
