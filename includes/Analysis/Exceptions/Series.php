<?php
/**
 * One daily series the exception detector watches.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Analysis\Exceptions;

defined( 'ABSPATH' ) || exit;

/**
 * A metric of one thing (sessions from a channel, the bounce rate of a page…) by site-local day.
 *
 * A count series reads a day without a value as 0 (no sessions that day); a rate series has a value
 * only for days whose base (the sessions or entrances it is a rate of) is known, and a day whose
 * base is below the minimum volume is neither judged nor used as history.
 */
final class Series {

	/**
	 * Metrics a series can have (each has its description, Describe).
	 */
	public const SITE_SESSIONS    = 'site_sessions';
	public const SESSIONS         = 'sessions';
	public const PAGEVIEWS        = 'pageviews';
	public const BOUNCE_RATE      = 'bounce_rate';
	public const PAGE_BOUNCE_RATE = 'page_bounce_rate';
	public const CAMPAIGN         = 'campaign_sessions';
	public const PURCHASES        = 'purchases';
	public const REVENUE          = 'revenue';

	/**
	 * A series.
	 *
	 * @param SeriesCategory       $category   Engagement, eCommerce or Marketing.
	 * @param string               $metric     One of the metric constants.
	 * @param string               $label      What the metric is of: a channel, a path, a campaign ('' for the site).
	 * @param SeriesKind           $kind       A count or a rate.
	 * @param array<string, float> $values     Day (Y-m-d) → value.
	 * @param array<string, float> $bases      Day → the base of a rate (sessions, entrances); unused for counts.
	 * @param float                $min_volume Counts: the day's or the usual value must reach it; rates: the day's base must.
	 * @param float                $min_usual  Counts: the usual value must reach it (at least Detector::MIN_USUAL).
	 */
	public function __construct(
		public readonly SeriesCategory $category,
		public readonly string $metric,
		public readonly string $label,
		public readonly SeriesKind $kind,
		public readonly array $values,
		public readonly array $bases = array(),
		public readonly float $min_volume = 20.0,
		public readonly float $min_usual = Detector::MIN_USUAL
	) {}

	/**
	 * The series' identity, stable from run to run: metric and label.
	 */
	public function key(): string {
		return $this->metric . '|' . $this->label;
	}
}
