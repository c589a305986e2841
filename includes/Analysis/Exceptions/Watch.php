<?php
/**
 * What the Exceptions report watches, whichever source reads the numbers.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Analysis\Exceptions;

defined( 'ABSPATH' ) || exit;

/**
 * The daily series a source hands the Detector, each with its category, kind and volume rules, and
 * the days judged: Engagement — the site's sessions; sessions, page views and bounce rate of each
 * channel; the bounce rate of the TOP_PAGES landing pages with the most entrances over the days
 * read. Marketing — sessions of each campaign. eCommerce — purchases and revenue. A source reads
 * the numbers (the builtin one from its rollups, the google one from GA4) and builds the series
 * here, so both judge the same series by the same rules.
 */
final class Watch {

	/**
	 * Landing pages whose bounce rate is watched.
	 */
	public const TOP_PAGES = 5;

	/**
	 * Least sessions (entrances) a day has for its bounce rate to count.
	 */
	public const RATE_VOLUME = 30.0;

	/**
	 * Least value of a count series, on the day or as usual (a spike of a small series counts once
	 * it reaches it: sessions are independent arrivals).
	 */
	public const COUNT_VOLUME = 20.0;

	/**
	 * Least usual page views of a channel: one reader of many pages moves a small series a lot, so
	 * only a channel with that many page views a day is judged on them.
	 */
	public const PAGEVIEWS_USUAL = 20.0;

	/**
	 * Days back an exception of the same series in the same direction makes a new one recurring.
	 */
	public const RECURRING_DAYS = 28;

	/**
	 * Days before today the detector looks back at most: older days are never judged.
	 */
	public const LOOKBACK_DAYS = 92;

	/**
	 * Sessions of the whole site.
	 *
	 * @param array<string, float> $sessions Day → sessions.
	 */
	public static function site_sessions( array $sessions ): Series {
		return new Series( SeriesCategory::Engagement, Series::SITE_SESSIONS, '', SeriesKind::Count, $sessions, array(), self::COUNT_VOLUME );
	}

	/**
	 * Sessions, page views and bounce rate of a channel.
	 *
	 * @param string               $channel   The channel.
	 * @param array<string, float> $sessions  Day → sessions.
	 * @param array<string, float> $pageviews Day → page views.
	 * @param array<string, float> $bounce    Day → bounce rate in percent (only days with sessions).
	 * @return list<Series>
	 */
	public static function channel( string $channel, array $sessions, array $pageviews, array $bounce ): array {
		return array(
			new Series( SeriesCategory::Engagement, Series::SESSIONS, $channel, SeriesKind::Count, $sessions, array(), self::COUNT_VOLUME ),
			new Series( SeriesCategory::Engagement, Series::PAGEVIEWS, $channel, SeriesKind::Count, $pageviews, array(), self::COUNT_VOLUME, self::PAGEVIEWS_USUAL ),
			new Series( SeriesCategory::Engagement, Series::BOUNCE_RATE, $channel, SeriesKind::Rate, $bounce, $sessions, self::RATE_VOLUME ),
		);
	}

	/**
	 * The bounce rate of a landing page.
	 *
	 * @param string               $path      The page's path.
	 * @param array<string, float> $bounce    Day → bounce rate in percent.
	 * @param array<string, float> $entrances Day → entrances (sessions that began there).
	 */
	public static function page_bounce_rate( string $path, array $bounce, array $entrances ): Series {
		return new Series( SeriesCategory::Engagement, Series::PAGE_BOUNCE_RATE, $path, SeriesKind::Rate, $bounce, $entrances, self::RATE_VOLUME );
	}

	/**
	 * Sessions of a campaign.
	 *
	 * @param string               $name     The campaign's name.
	 * @param array<string, float> $sessions Day → sessions.
	 */
	public static function campaign_sessions( string $name, array $sessions ): Series {
		return new Series( SeriesCategory::Marketing, Series::CAMPAIGN, $name, SeriesKind::Count, $sessions, array(), self::COUNT_VOLUME );
	}

	/**
	 * The shop's purchases and revenue.
	 *
	 * @param array<string, float> $purchases Day → purchases.
	 * @param array<string, float> $revenue   Day → revenue, in the shop's currency.
	 * @return list<Series>
	 */
	public static function shop( array $purchases, array $revenue ): array {
		return array(
			new Series( SeriesCategory::Ecommerce, Series::PURCHASES, '', SeriesKind::Count, $purchases, array(), self::COUNT_VOLUME ),
			new Series( SeriesCategory::Ecommerce, Series::REVENUE, '', SeriesKind::Count, $revenue, array(), self::COUNT_VOLUME ),
		);
	}

	/**
	 * A bounce rate in percent, as the series hold it: one decimal.
	 *
	 * @param float $bounces  Bounces (or a rate's fraction times the base).
	 * @param float $sessions The sessions it is a rate of (more than 0).
	 */
	public static function rate( float $bounces, float $sessions ): float {
		return round( 100 * $bounces / $sessions, 1 );
	}

	/**
	 * Marks each exception found that recurred: its series went the same way within the
	 * RECURRING_DAYS days before it (earlier ones in the list, which holds every exception of the days
	 * before that a source judged).
	 *
	 * @param list<array{key: string, day: string, direction: int}> $found Exceptions, any order.
	 * @return list<bool> Whether each recurred, in the list's order.
	 */
	public static function recurring( array $found ): array {
		$by = array();
		foreach ( $found as $one ) {
			$by[ $one['key'] . '|' . $one['direction'] ][] = $one['day'];
		}
		$out = array();
		foreach ( $found as $one ) {
			$since = gmdate( 'Y-m-d', (int) strtotime( $one['day'] . ' 00:00:00 UTC' ) - self::RECURRING_DAYS * DAY_IN_SECONDS );
			$hit   = false;
			foreach ( $by[ $one['key'] . '|' . $one['direction'] ] as $day ) {
				if ( $day >= $since && $day < $one['day'] ) {
					$hit = true;
					break;
				}
			}
			$out[] = $hit;
		}
		return $out;
	}
}
