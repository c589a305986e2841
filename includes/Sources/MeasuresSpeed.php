<?php
/**
 * A source that measures the site's speed.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Query\DateRange;

defined( 'ABSPATH' ) || exit;

/**
 * Implemented by the builtin source (field data from the Core Web Vitals its visitors' browsers
 * report, and an audit that fetches the front page from the server). The Site Speed report asks
 * any source that implements it and shows its empty state for one that does not.
 *
 * Devices are `desktop` and `mobile` (phones and tablets, as PageSpeed's two strategies).
 *
 * @phpstan-type Vitals array{samples: int, lcp: float|null, fcp: float|null, ttfb: float|null, inp: float|null, cls: float|null, tbt: float|null}
 * @phpstan-type Audit array{server_response_time: float, at: int}
 */
interface MeasuresSpeed {

	/**
	 * The 75th percentile of each metric over a range by device: milliseconds (lcp, fcp, ttfb,
	 * inp, tbt) or the layout shift score (cls); null for a metric without data (tbt is a lab
	 * metric: null from field data). `samples` counts the page views that reported.
	 *
	 * @param DateRange $range The range.
	 * @return array{desktop: array<string, int|float|null>, mobile: array<string, int|float|null>}
	 * @phpstan-return array{desktop: Vitals, mobile: Vitals}
	 */
	public function vitals( DateRange $range ): array;

	/**
	 * The last audit of a device, or null when none ran.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|null
	 */
	public function last_audit( string $device ): ?array;

	/**
	 * Runs an audit for a device now and keeps it as the last one.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|\WP_Error
	 */
	public function run_audit( string $device ): array|\WP_Error;
}
