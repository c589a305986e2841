<?php
/**
 * The daily series the exception detector watches, read from the rollups.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation\Exceptions;

use MonsterInsights\Reports\Analysis\Exceptions\Series;
use MonsterInsights\Reports\Analysis\Exceptions\Watch;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * The series of Analysis\Exceptions\Watch, built there from the rollups. Engagement: sessions of
 * the whole site (rollup_site); sessions, page views and bounce rate of each channel
 * (rollup_sources) and the bounce rate of the TOP_PAGES landing pages with the most entrances
 * (rollup_pages). Marketing: sessions of each campaign (rollup_campaigns). eCommerce: purchases and
 * revenue where a module supplies them through the `monsterinsights_reports_exception_series`
 * filter (the builtin source records no orders, so it finds no eCommerce exceptions by itself).
 */
final class RollupSeries {

	/**
	 * Landing pages whose bounce rate is watched (Watch).
	 */
	public const TOP_PAGES = Watch::TOP_PAGES;

	/**
	 * Least sessions (entrances) a day has for its bounce rate to count (Watch).
	 */
	public const RATE_VOLUME = Watch::RATE_VOLUME;

	/**
	 * Least value of a count series, on the day or as usual (Watch).
	 */
	public const COUNT_VOLUME = Watch::COUNT_VOLUME;

	/**
	 * Least usual page views of a channel (Watch).
	 */
	public const PAGEVIEWS_USUAL = Watch::PAGEVIEWS_USUAL;

	/**
	 * The first day the site has data, or null.
	 */
	public function first_day(): ?string {
		return Db::value( 'SELECT MIN(day) FROM {rollup_site} WHERE sessions > %d', array( 0 ) );
	}

	/**
	 * Every series over the days from $from to $to.
	 *
	 * @param string $from First day (Y-m-d).
	 * @param string $to   Last day.
	 * @return list<Series>
	 */
	public function all( string $from, string $to ): array {
		$series = array_merge( $this->site( $from, $to ), $this->channels( $from, $to ), $this->pages( $from, $to ), $this->campaigns( $from, $to ) );
		/**
		 * Filters the daily series the Exceptions report watches: a module that records orders adds
		 * SeriesCategory::Ecommerce series of Series::PURCHASES and Series::REVENUE here.
		 *
		 * @param Series[] $series The series.
		 * @param string   $from   First day (Y-m-d).
		 * @param string   $to     Last day.
		 */
		$filtered = (array) apply_filters( 'monsterinsights_reports_exception_series', $series, $from, $to );
		return array_values( array_filter( $filtered, static fn( $one ): bool => $one instanceof Series ) );
	}

	/**
	 * Sessions of the whole site.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return list<Series>
	 */
	private function site( string $from, string $to ): array {
		$values = array();
		foreach ( Db::rows( 'SELECT day, sessions FROM {rollup_site} WHERE day BETWEEN %s AND %s', array( $from, $to ) ) as $row ) {
			$values[ (string) $row['day'] ] = (float) $row['sessions'];
		}
		return array() === $values ? array() : array( Watch::site_sessions( $values ) );
	}

	/**
	 * Sessions, page views and bounce rate by channel.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return list<Series>
	 */
	private function channels( string $from, string $to ): array {
		$by  = self::by_label(
			'SELECT day, channel AS label, SUM(sessions) AS sessions, SUM(pageviews) AS pageviews, SUM(bounces) AS bounces'
			. ' FROM {rollup_sources} WHERE day BETWEEN %s AND %s AND channel <> %s GROUP BY day, channel',
			$from,
			$to
		);
		$out = array();
		foreach ( $by as $channel => $days ) {
			$channel  = (string) $channel;
			$sessions = self::sums( $days, 'sessions' );
			$bounce   = array();
			foreach ( $days as $day => $row ) {
				if ( $sessions[ $day ] > 0 ) {
					$bounce[ $day ] = Watch::rate( (float) $row['bounces'], $sessions[ $day ] );
				}
			}
			$out = array_merge( $out, Watch::channel( $channel, $sessions, self::sums( $days, 'pageviews' ), $bounce ) );
		}
		return $out;
	}

	/**
	 * Bounce rate of the landing pages with the most entrances.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return list<Series>
	 */
	private function pages( string $from, string $to ): array {
		$ids = array_map(
			'intval',
			Db::col(
				'SELECT path_id FROM {rollup_pages} WHERE day BETWEEN %s AND %s GROUP BY path_id HAVING SUM(entrances) > 0 ORDER BY SUM(entrances) DESC, path_id LIMIT %d',
				array( $from, $to, self::TOP_PAGES )
			)
		);
		if ( array() === $ids ) {
			return array();
		}
		$rows = Db::rows(
			'SELECT r.day, p.path, r.entrances, r.bounces FROM {rollup_pages} r JOIN {paths} p ON p.id = r.path_id'
			. ' WHERE r.day BETWEEN %s AND %s AND r.path_id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')',
			array_merge( array( $from, $to ), $ids )
		);
		$by   = array();
		foreach ( $rows as $row ) {
			$entrances = (float) $row['entrances'];
			if ( $entrances <= 0 ) {
				continue;
			}
			$path                                = (string) $row['path'];
			$by[ $path ]['bases'][ $row['day'] ] = $entrances;
			$by[ $path ]['rate'][ $row['day'] ]  = Watch::rate( (float) $row['bounces'], $entrances );
		}
		ksort( $by );
		$out = array();
		foreach ( $by as $path => $values ) {
			$out[] = Watch::page_bounce_rate( (string) $path, $values['rate'], $values['bases'] );
		}
		return $out;
	}

	/**
	 * Sessions by campaign name.
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return list<Series>
	 */
	private function campaigns( string $from, string $to ): array {
		$by  = self::by_label(
			'SELECT r.day, c.name AS label, SUM(r.sessions) AS sessions FROM {rollup_campaigns} r JOIN {campaigns} c ON c.id = r.campaign_id'
			. ' WHERE r.day BETWEEN %s AND %s AND c.name <> %s GROUP BY r.day, c.name',
			$from,
			$to
		);
		$out = array();
		foreach ( $by as $name => $days ) {
			$out[] = Watch::campaign_sessions( (string) $name, self::sums( $days, 'sessions' ) );
		}
		return $out;
	}

	/**
	 * The rows of a daily query by label (in order) and day: the query selects `day`, `label` and
	 * its sums of the days from $from to $to, and leaves out the empty label (its placeholders:
	 * $from, $to, '').
	 *
	 * @param string $sql  The query.
	 * @param string $from First day.
	 * @param string $to   Last day.
	 * @return array<string, array<string, array<string, mixed>>> Label → day → row.
	 */
	private static function by_label( string $sql, string $from, string $to ): array {
		$by = array();
		foreach ( Db::rows( $sql, array( $from, $to, '' ) ) as $row ) {
			$by[ (string) $row['label'] ][ (string) $row['day'] ] = $row;
		}
		ksort( $by );
		return $by;
	}

	/**
	 * One sum of a label's rows, by day.
	 *
	 * @param array<string, array<string, mixed>> $days Day → row (by_label()).
	 * @param string                              $sum  The sum's column.
	 * @return array<string, float>
	 */
	private static function sums( array $days, string $sum ): array {
		return array_map( static fn( array $row ): float => (float) $row[ $sum ], $days );
	}
}
