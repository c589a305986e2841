<?php
/**
 * Daily rollups of link clicks and scroll depth, from the raw events.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * The Publishers report's numbers of a site-local day, recomputed with the day's other rollups
 * (Rollups::recompute_day() calls recompute_day(), in its transaction):
 *
 * - `rollup_links` (day, kind, link_id, clicks, sessions): the tracker's outbound_click,
 *   affiliate_click and file_download events by their `url` prop (kept once in the `links` lookup,
 *   keyed by the URL's MD5 so no collation merges two URLs), with the sessions that clicked;
 * - `rollup_scroll` (day, views, depth_sum): the deepest `scroll` percent a session reached on a
 *   page (25, 50, 75 or 100), summed over the session-and-page pairs that scrolled, and how many
 *   pairs that is; the average scroll depth of a range is depth_sum / views.
 *
 * Events count on their own day. The props are JSON decoded here, in PHP, so the SQL stays what
 * MySQL and SQLite both run. Like every rollup, a compacted day's rows are final.
 */
final class LinkRollups {

	use DayEvents;

	/**
	 * Event name → the kind of link it counts.
	 */
	public const KINDS = array(
		'outbound_click'  => 'outbound',
		'affiliate_click' => 'affiliate',
		'file_download'   => 'download',
	);

	/**
	 * The event of the scroll depth.
	 */
	public const SCROLL = 'scroll';

	/**
	 * The tables computed here (Tables::TABLES has them, Tables::ROLLUPS does not: those have their
	 * SQL reference in RollupRows).
	 */
	public const TABLES = array( 'rollup_links', 'rollup_scroll' );

	/**
	 * Recomputes one day, inside the caller's transaction: its rows are deleted and inserted again.
	 *
	 * @param string $day Local day, Y-m-d.
	 */
	public static function recompute_day( string $day ): void {
		$events = self::fresh_day(
			$day,
			self::TABLES,
			'SELECT session_id, name, path_id, props FROM {events} WHERE day = %s AND name IN (%s, %s, %s, %s)',
			array_merge( array( $day ), array_keys( self::KINDS ), array( self::SCROLL ) )
		);
		$clicks = array();
		$depths = array();
		foreach ( $events as list( list( $session, $name, $path ), $props ) ) {
			$session = (int) $session;
			if ( self::SCROLL === $name ) {
				$percent = $props['percent'] ?? null;
				if ( is_int( $percent ) && $percent > 0 && $percent <= 100 ) {
					$pair            = $session . ':' . (int) $path;
					$depths[ $pair ] = max( $depths[ $pair ] ?? 0, $percent );
				}
				continue;
			}
			$url = $props['url'] ?? null;
			// Only web links: a javascript: or other scheme's URL stored before the collector
			// refused them is counted nowhere.
			if ( ! is_string( $url ) || ! Collector\Body::is_http_url( $url ) ) {
				continue;
			}
			$kind = self::KINDS[ (string) $name ];
			if ( ! isset( $clicks[ $kind ][ $url ] ) ) {
				$clicks[ $kind ][ $url ] = array( 0, array() );
			}
			++$clicks[ $kind ][ $url ][0];
			$clicks[ $kind ][ $url ][1][ $session ] = true;
		}

		if ( array() !== $clicks ) {
			$urls = array();
			foreach ( $clicks as $by_url ) {
				foreach ( array_keys( $by_url ) as $url ) {
					$urls[ (string) $url ] = true;
				}
			}
			$ids    = Lookups::links( array_keys( $urls ) );
			$insert = array();
			foreach ( $clicks as $kind => $by_url ) {
				foreach ( $by_url as $url => $count ) {
					$insert[] = array( $day, $kind, $ids[ (string) $url ], $count[0], count( $count[1] ) );
				}
			}
			foreach ( array_chunk( $insert, 500 ) as $batch ) {
				Db::insert_rows( 'rollup_links', array( 'day', 'kind', 'link_id', 'clicks', 'sessions' ), $batch );
			}
		}
		if ( array() !== $depths ) {
			Db::insert_rows( 'rollup_scroll', array( 'day', 'views', 'depth_sum' ), array( array( $day, count( $depths ), array_sum( $depths ) ) ) );
		}
	}
}
