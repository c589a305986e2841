<?php
/**
 * Prints the Core Web Vitals script after the tracker while the Site Speed report is in use.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * The script build/vitals.js (src/vitals/) measures a page view's LCP, CLS, INP, FCP and TTFB with the
 * `web-vitals` package and sends them as one `web_vitals` event through the tracker's public API,
 * so it is printed only where the tracker is (TrackerScript decides: builtin source, public page,
 * a visitor who is tracked), deferred, after it (a dependency), and only while Site Speed is in
 * use:
 *
 * - the licence unlocks the Site Speed report (plus and up). Site Speed is not one of the
 *   modules, so no module switches it; without the report nobody could see the numbers, and the
 *   page views of a lower licence carry no extra script;
 * - the tracking setting `site_speed_sample` is not 0 (off). -1 (the default) samples
 *   automatically: every page view while the site had fewer than AUTO_DAILY_PAGEVIEWS page
 *   views a day over the last 7 days, else about AUTO_DAILY_PAGEVIEWS of them a day (at least
 *   1 %); 1–100 is a fixed percentage.
 *
 * The script gets the percentage as `data-rate` and decides per page view; a uniform sample
 * leaves the p75 of the field data unbiased.
 */
final class VitalsScript {

	/**
	 * The script handle.
	 */
	public const HANDLE = 'monsterinsights-reports-vitals';

	/**
	 * The report that shows the vitals (Licensing\Tiers).
	 */
	public const REPORT = 'sitespeed';

	/**
	 * Below this many page views a day, every page view is sampled; above, about this many are.
	 */
	public const AUTO_DAILY_PAGEVIEWS = 10000;

	/**
	 * The setting's automatic value.
	 */
	public const AUTO = -1;

	/**
	 * Caches the automatic rate (transient, per site).
	 */
	public const RATE_TRANSIENT = 'monsterinsights_reports_vitals_rate';

	/**
	 * Enqueues the script after the tracker. Action `wp_enqueue_scripts`, after TrackerScript.
	 */
	public static function enqueue(): void {
		if ( ! wp_script_is( TrackerScript::HANDLE, 'enqueued' ) || ! Licence::allows( self::REPORT ) || 0 === self::rate() ) {
			return;
		}
		TrackerScript::enqueue_build( self::HANDLE, 'vitals', array( TrackerScript::HANDLE ) );
	}

	/**
	 * Adds the sample rate to the script's tag. Filter `wp_script_attributes`.
	 *
	 * @param array<string, string|bool> $attributes The tag's attributes.
	 * @return array<string, string|bool>
	 */
	public static function script_attributes( $attributes ) {
		if ( ! is_array( $attributes ) || self::HANDLE . '-js' !== ( $attributes['id'] ?? '' ) ) {
			return $attributes;
		}
		$attributes['data-rate'] = (string) self::rate();
		return $attributes;
	}

	/**
	 * The percentage of page views that send their vitals: the setting, or the automatic rate.
	 */
	public static function rate(): int {
		$setting = Settings::get()['site_speed_sample'];
		if ( self::AUTO !== $setting ) {
			return $setting;
		}
		$cached = get_transient( self::RATE_TRANSIENT );
		if ( is_numeric( $cached ) ) {
			return (int) $cached;
		}
		$rate = self::auto_rate( self::daily_pageviews() );
		set_transient( self::RATE_TRANSIENT, $rate, 6 * HOUR_IN_SECONDS );
		return $rate;
	}

	/**
	 * The automatic rate for a number of page views a day: 100 below AUTO_DAILY_PAGEVIEWS, else
	 * the percentage that samples about that many (rounded down, at least 1).
	 *
	 * @param float $daily Page views a day.
	 */
	public static function auto_rate( float $daily ): int {
		if ( $daily < self::AUTO_DAILY_PAGEVIEWS ) {
			return 100;
		}
		return max( 1, (int) floor( 100 * self::AUTO_DAILY_PAGEVIEWS / $daily ) );
	}

	/**
	 * The site's page views a day over the 7 days before today (0 before the tables exist).
	 */
	public static function daily_pageviews(): float {
		if ( Tables::needs_migration() ) {
			return 0.0;
		}
		$utc   = new \DateTimeZone( 'UTC' );
		$today = new \DateTimeImmutable( ( new LocalTime() )->day( time() ) . ' 00:00:00', $utc );
		$views = (int) Db::value(
			'SELECT COALESCE(SUM(pageviews), 0) FROM {rollup_site} WHERE day BETWEEN %s AND %s',
			array( $today->modify( '-7 days' )->format( 'Y-m-d' ), $today->modify( '-1 day' )->format( 'Y-m-d' ) )
		);
		return $views / 7;
	}
}
