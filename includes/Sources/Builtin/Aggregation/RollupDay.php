<?php
/**
 * The raw rows of one site-local day, read once for all of its rollups.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * What Rollups computes a day's rows from: the sessions that started on the day, the day's page
 * views and events, the visitor of every session those point to (a page view after midnight
 * belongs to a session of the day before), and the device of each user agent. Four or five
 * statements, each a range of the day index (or of primary keys), with only the columns the
 * rollups need; a rollup that needs another column adds it here.
 */
final class RollupDay {

	/**
	 * Columns read of each session.
	 */
	public const SESSION_COLUMNS = array( 'id', 'visitor', 'hour', 'landing_path_id', 'exit_path_id', 'pageviews', 'duration', 'bounced', 'engaged', 'is_new', 'source_id', 'medium', 'campaign_id', 'channel', 'ua_id', 'country', 'region' );

	/**
	 * The text columns among them.
	 */
	private const SESSION_TEXT = array( 'medium', 'channel', 'country', 'region' );

	/**
	 * Sessions that started on the day, integer columns as integers.
	 *
	 * @var array<int, array<string, int|string>>
	 */
	public array $sessions = array();

	/**
	 * The day's page views: [ session id, hour, path id, role ] (role as Hit::$role, or
	 * Tables::ROLE_UNKNOWN).
	 *
	 * @var array<int, array{0: int, 1: int, 2: int, 3: string}>
	 */
	public array $pageviews = array();

	/**
	 * The day's events: [ session id, name ].
	 *
	 * @var array<int, array{0: int, 1: string}>
	 */
	public array $events = array();

	/**
	 * The visitor of each session a page view or event of the day belongs to, when it is stored.
	 *
	 * @var array<int, int>
	 */
	public array $visitor_of = array();

	/**
	 * Device category, browser and OS by user-agent id ('' for each when the row is missing).
	 *
	 * @var array<int, array{0: string, 1: string, 2: string}>
	 */
	public array $devices = array();

	/**
	 * Reads a day.
	 *
	 * @param string                                             $day     Local day, Y-m-d.
	 * @param array<int, array{0: string, 1: string, 2: string}> $devices Devices already known, by user-agent id (rows never change).
	 */
	public function __construct( public readonly string $day, array $devices = array() ) {
		$text = array_keys( array_intersect( self::SESSION_COLUMNS, self::SESSION_TEXT ) );
		foreach ( Db::int_lists( 'SELECT ' . implode( ', ', self::SESSION_COLUMNS ) . ' FROM {sessions} WHERE day = %s', array( $day ), $text ) as $row ) {
			$session                     = array_combine( self::SESSION_COLUMNS, $row );
			$this->sessions[ $row[0] ]   = $session;
			$this->visitor_of[ $row[0] ] = $row[1];
		}
		$others = array();
		foreach ( Db::int_lists( 'SELECT session_id, hour, path_id, role FROM {pageviews} WHERE day = %s', array( $day ), array( 3 ) ) as $row ) {
			$this->pageviews[] = $row;
			if ( ! isset( $this->visitor_of[ $row[0] ] ) ) {
				$others[ $row[0] ] = true;
			}
		}
		foreach ( Db::int_lists( 'SELECT session_id, name FROM {events} WHERE day = %s', array( $day ), array( 1 ) ) as $row ) {
			$this->events[] = $row;
			if ( ! isset( $this->visitor_of[ $row[0] ] ) ) {
				$others[ $row[0] ] = true;
			}
		}
		foreach ( array_chunk( array_keys( $others ), 1000 ) as $batch ) {
			foreach ( Db::int_lists( 'SELECT id, visitor FROM {sessions} WHERE id IN (' . Lookups::ints( $batch ) . ')' ) as $row ) {
				$this->visitor_of[ $row[0] ] = $row[1];
			}
		}
		$missing = array();
		foreach ( $this->sessions as $session ) {
			$ua = (int) $session['ua_id'];
			if ( isset( $devices[ $ua ] ) ) {
				$this->devices[ $ua ] = $devices[ $ua ];
			} else {
				$missing[ $ua ] = true;
			}
		}
		foreach ( array_chunk( array_keys( $missing ), 1000 ) as $batch ) {
			foreach ( Db::lists( 'SELECT id, device_category, browser, os FROM {user_agents} WHERE id IN (' . Lookups::ints( $batch ) . ')' ) as $row ) {
				$this->devices[ (int) $row[0] ] = array( (string) $row[1], (string) $row[2], (string) $row[3] );
			}
		}
		foreach ( $missing as $ua => $true ) {
			$this->devices[ $ua ] ??= array( '', '', '' );
		}
	}
}
