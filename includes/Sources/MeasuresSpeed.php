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
 * report, and an audit that fetches the front page from the server) and the google source
 * (PageSpeed Insights' lab run of the front page, Interaction to Next Paint from its field data,
 * and its performance score; Run Audit runs it afresh). The Site Speed report asks any source that
 * implements it and shows its empty state for one that does not.
 *
 * Devices are `desktop` and `mobile` (phones and tablets, as PageSpeed's two strategies).
 *
 * A source may add to the vitals `method` (`field`, the default: visits measured over the range;
 * `lab`: one run of a lab audit), `score` (its own overall score, 0–100, e.g. Lighthouse's
 * performance score, which weighs Speed Index besides; else the report scores the metrics) and
 * `scores` (its own score of a metric, by the metric's name; else the report scores it).
 *
 * @phpstan-type Vitals array{samples: int, lcp: float|null, fcp: float|null, ttfb: float|null, inp: float|null, cls: float|null, tbt: float|null, score?: int|null, scores?: array<string, int>, method?: string}
 * @phpstan-type Audit array{server_response_time: float, at: int}
 */
interface MeasuresSpeed {

	/**
	 * The 75th percentile of each metric over a range by device: milliseconds (lcp, fcp, ttfb,
	 * inp, tbt) or the layout shift score (cls); null for a metric without data (tbt is a lab
	 * metric: null from field data). `samples` counts the page views that reported.
	 *
	 * @param DateRange $range The range.
	 * @return array{desktop: array<string, mixed>, mobile: array<string, mixed>}
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
