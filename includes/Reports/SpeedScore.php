<?php
/**
 * Lighthouse's scoring of speed metrics: log-normal curves and the performance weights.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * A metric's score is Lighthouse's (shared/statistics.js getLogNormalScore, core/audits/audit.js
 * computeLogNormalScore): the complementary cumulative log-normal distribution through two control
 * points per metric and device — the value that scores 90 (p10, the tenth percentile of real
 * sites) and the value that scores 50 (the median) — with Lighthouse's band clamps, its boost above
 * 0.9 and its two-decimal floor, as 0–100.
 *
 * Control points (milliseconds, the layout shift unitless), Lighthouse 10+:
 *   FCP  mobile 1800 / 3000, desktop 934 / 1600
 *   LCP  mobile 2500 / 4000, desktop 1200 / 2400
 *   TBT  mobile 200 / 600,   desktop 150 / 350
 *   CLS  0.1 / 0.25 on both
 *   INP  200 / 500 on both (the interaction-to-next-paint audit, the field thresholds)
 *   TTFB 600 / 1800 on both: Lighthouse's server-response-time audit is pass/fail at 600 ms, so
 *        the curve puts 90 at that goal and 50 at web.dev's "poor" threshold for TTFB.
 *
 * The overall score is Lighthouse's weighted mean of the metric scores (FCP 10, LCP 25, CLS 25,
 * TBT 30; Speed Index, 10, has no field equivalent), over the metrics known: when TBT, a lab
 * metric, is missing, INP — the field's measure of the same responsiveness — takes its weight.
 * Server response time is not weighted, as in Lighthouse.
 */
final class SpeedScore {

	/**
	 * Closest double to erfc⁻¹(1/5) (Lighthouse).
	 */
	private const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;

	/**
	 * Control points: metric → device → [ p10, median ].
	 */
	public const CURVES = array(
		'fcp'  => array(
			'mobile'  => array( 1800, 3000 ),
			'desktop' => array( 934, 1600 ),
		),
		'lcp'  => array(
			'mobile'  => array( 2500, 4000 ),
			'desktop' => array( 1200, 2400 ),
		),
		'tbt'  => array(
			'mobile'  => array( 200, 600 ),
			'desktop' => array( 150, 350 ),
		),
		'cls'  => array(
			'mobile'  => array( 0.1, 0.25 ),
			'desktop' => array( 0.1, 0.25 ),
		),
		'inp'  => array(
			'mobile'  => array( 200, 500 ),
			'desktop' => array( 200, 500 ),
		),
		'ttfb' => array(
			'mobile'  => array( 600, 1800 ),
			'desktop' => array( 600, 1800 ),
		),
	);

	/**
	 * The performance weights (Lighthouse 10+).
	 */
	public const WEIGHTS = array(
		'fcp' => 10,
		'lcp' => 25,
		'cls' => 25,
		'tbt' => 30,
	);

	/**
	 * A metric's score, 0–100.
	 *
	 * @param string $metric A key of CURVES.
	 * @param string $device mobile or desktop.
	 * @param float  $value  Milliseconds, or the layout shift.
	 */
	public static function score( string $metric, string $device, float $value ): int {
		list( $p10, $median ) = self::CURVES[ $metric ][ 'mobile' === $device ? 'mobile' : 'desktop' ];
		$percentile           = self::log_normal( (float) $p10, (float) $median, $value );
		if ( $percentile > 0.9 ) {
			$percentile += 0.05 * ( $percentile - 0.9 );
		}
		// Lighthouse floors to two decimals; the epsilon keeps 0.9 * 100 = 89.99999999999999 at 90.
		return (int) floor( $percentile * 100 + 1e-9 );
	}

	/**
	 * Lighthouse's getLogNormalScore: the share of the log-normal distribution through (p10, 0.9)
	 * and (median, 0.5) above the value, clamped to the value's band.
	 *
	 * @param float $p10    The value scoring 0.9.
	 * @param float $median The value scoring 0.5.
	 * @param float $value  The value.
	 */
	public static function log_normal( float $p10, float $median, float $value ): float {
		if ( $value <= 0 ) {
			return 1.0;
		}
		$standardized = log( $value / $median ) * self::INVERSE_ERFC_ONE_FIFTH / -log( $p10 / $median );
		$percentile   = ( 1 - self::erf( $standardized ) ) / 2;
		if ( $value <= $p10 ) {
			return max( 0.9, min( 1.0, $percentile ) );
		}
		if ( $value <= $median ) {
			return max( 0.5, min( 0.8999999999999999, $percentile ) );
		}
		return max( 0.0, min( 0.49999999999999994, $percentile ) );
	}

	/**
	 * The error function as Lighthouse approximates it (Abramowitz and Stegun 7.1.26).
	 *
	 * @param float $x The argument.
	 */
	public static function erf( float $x ): float {
		$sign = $x < 0 ? -1 : 1;
		$x    = abs( $x );
		$t    = 1 / ( 1 + 0.3275911 * $x );
		$y    = $t * ( 0.254829592 + $t * ( -0.284496736 + $t * ( 1.421413741 + $t * ( -1.453152027 + $t * 1.061405429 ) ) ) );
		return $sign * ( 1 - $y * exp( -$x * $x ) );
	}

	/**
	 * The overall score from the metric scores known (null for an unknown one); null when none
	 * of the weighted metrics is known.
	 *
	 * @param array<string, int|null> $scores Metric → score, 0–100.
	 */
	public static function overall( array $scores ): ?int {
		$weights = self::WEIGHTS;
		if ( null === ( $scores['tbt'] ?? null ) && null !== ( $scores['inp'] ?? null ) ) {
			$weights['inp'] = $weights['tbt'];
			unset( $weights['tbt'] );
		}
		$sum   = 0;
		$total = 0;
		foreach ( $weights as $metric => $weight ) {
			if ( null !== ( $scores[ $metric ] ?? null ) ) {
				$sum   += $weight * $scores[ $metric ];
				$total += $weight;
			}
		}
		return 0 === $total ? null : (int) round( $sum / $total );
	}
}
