<?php
/**
 * Daily rollups of form and media events, from the raw events.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * The Forms and the Media reports' numbers of a site-local day, recomputed with the day's other
 * rollups (Rollups::recompute_day() calls recompute_day(), in its transaction); their monthly
 * twins (`_m`, Tables::MONTHLY) follow from these rows like every other twin's:
 *
 * - `rollup_forms` (day, form, source_id, medium, campaign_id, impressions, conversions): the
 *   `form_impression` and `form_conversion` events by their `form` prop and by the source, medium
 *   and campaign of the session they belong to (a conversion written by a form plugin's success
 *   hook joins the visitor's session like any hit, FormConversions);
 * - `rollup_media` (day, title, plays, watch_seconds, views, percent_sum, completions): by the
 *   media's `title`, the `video_start` events (plays), the seconds the `video_progress` events
 *   report (watch time), the `video_complete` events (completions), and for each session that
 *   played the media that day the furthest point its `video_progress` events reached, in percent
 *   of the duration: `views` such sessions, `percent_sum` their furthest points. The Media report's
 *   average watch time is watch_seconds / plays, its average time viewed percent_sum / views, its
 *   completion rate completions / plays.
 *
 * Events count on their own day. Like every rollup, a compacted day's rows are final.
 */
final class InteractionRollups {

	use DayEvents;

	/**
	 * The form events and the counter each adds to.
	 */
	public const FORM_EVENTS = array(
		'form_impression' => 'impressions',
		'form_conversion' => 'conversions',
	);

	/**
	 * The media events.
	 */
	public const MEDIA_EVENTS = array( 'video_start', 'video_progress', 'video_complete' );

	/**
	 * The tables computed here (Tables::TABLES has them, Tables::ROLLUPS does not: those have their
	 * SQL reference in RollupRows).
	 */
	public const TABLES = array( 'rollup_forms', 'rollup_media' );

	/**
	 * Recomputes one day, inside the caller's transaction: its rows are deleted and inserted again.
	 *
	 * @param string $day Local day, Y-m-d.
	 */
	public static function recompute_day( string $day ): void {
		$names  = array_merge( array_keys( self::FORM_EVENTS ), self::MEDIA_EVENTS );
		$events = self::fresh_day(
			$day,
			self::TABLES,
			'SELECT e.session_id, e.name, s.source_id, s.medium, s.campaign_id, e.props FROM {events} e'
			. ' JOIN {sessions} s ON s.id = e.session_id'
			. ' WHERE e.day = %s AND e.name IN (' . implode( ', ', array_fill( 0, count( $names ), '%s' ) ) . ')',
			array_merge( array( $day ), $names )
		);
		$forms  = array();
		$media  = array();
		$reach  = array();
		foreach ( $events as list( list( $session, $name, $source, $medium, $campaign ), $props ) ) {
			$session = (int) $session;
			$name    = (string) $name;
			if ( isset( self::FORM_EVENTS[ $name ] ) ) {
				$form = $props['form'] ?? null;
				// The toolbar's search of logged-in visitors, stored before the collector refused
				// it, is no site form.
				if ( ! is_string( $form ) || '' === $form || Collector\Body::is_admin_form( $form ) ) {
					continue;
				}
				$form_key = array( $form, (int) $source, (string) $medium, (int) $campaign );
				$key      = wp_json_encode( $form_key );
				if ( ! isset( $forms[ $key ] ) ) {
					$forms[ $key ] = array_merge( $form_key, array( 0, 0 ) );
				}
				$counter = 'impressions' === self::FORM_EVENTS[ $name ] ? 4 : 5;
				++$forms[ $key ][ $counter ];
				continue;
			}
			$title = $props['title'] ?? null;
			if ( ! is_string( $title ) || '' === $title || 'audio' === ( $props['kind'] ?? 'video' ) ) {
				// The Media report is about videos: an <audio> element's plays are kept as raw
				// events but counted nowhere.
				continue;
			}
			if ( ! isset( $media[ $title ] ) ) {
				$media[ $title ] = array(
					'plays'       => 0,
					'seconds'     => 0,
					'completions' => 0,
				);
			}
			if ( 'video_start' === $name ) {
				++$media[ $title ]['plays'];
				$reach[ $title ][ $session ] ??= 0;
			} elseif ( 'video_complete' === $name ) {
				++$media[ $title ]['completions'];
			} else {
				$media[ $title ]['seconds'] += max( 0, (int) ( $props['seconds'] ?? 0 ) );
				$reach[ $title ][ $session ] = max( $reach[ $title ][ $session ] ?? 0, min( 100, max( 0, (int) ( $props['percent'] ?? 0 ) ) ) );
			}
		}
		$insert = array_map( static fn( array $form ): array => array_merge( array( $day ), $form ), array_values( $forms ) );
		self::add( 'rollup_forms', array( 'day', 'form', 'source_id', 'medium', 'campaign_id' ), array( 'impressions', 'conversions' ), $insert );
		$insert = array();
		foreach ( $media as $title => $counts ) {
			$viewed   = $reach[ $title ] ?? array();
			$insert[] = array( $day, (string) $title, $counts['plays'], $counts['seconds'], count( $viewed ), array_sum( $viewed ), $counts['completions'] );
		}
		self::add( 'rollup_media', array( 'day', 'title' ), array( 'plays', 'watch_seconds', 'views', 'percent_sum', 'completions' ), $insert );
	}

	/**
	 * Inserts rows, adding the counters of a row whose key the table already has: two form ids or
	 * titles PHP tells apart may be one key under the column's collation (case, accents), and then
	 * count as one, as the reports' GROUP BY and the monthly twins would count them.
	 *
	 * @param string                        $table    The table.
	 * @param string[]                      $keys     The key columns, in the rows' order.
	 * @param string[]                      $counters The counter columns, after the keys.
	 * @param array<int, array<int, mixed>> $rows     The rows.
	 */
	private static function add( string $table, array $keys, array $counters, array $rows ): void {
		$columns = array_merge( $keys, $counters );
		$row     = '(' . implode( ', ', array_map( static fn( string $c ): string => in_array( $c, $counters, true ) || str_ends_with( $c, '_id' ) ? '%d' : '%s', $columns ) ) . ')';
		$update  = implode( ', ', array_map( static fn( string $c ): string => $c . ' = ' . $c . ' + VALUES(' . $c . ')', $counters ) );
		foreach ( array_chunk( $rows, 200 ) as $batch ) {
			Db::query(
				'INSERT INTO {' . $table . '} (' . implode( ', ', $columns ) . ') VALUES ' . implode( ', ', array_fill( 0, count( $batch ), $row ) ) . ' ON DUPLICATE KEY UPDATE ' . $update,
				array_merge( ...$batch )
			);
		}
	}
}
