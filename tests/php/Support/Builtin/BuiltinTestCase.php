<?php
/**
 * Base of the builtin source's database tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\AggregationResult;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The harness wraps each test in a transaction; the aggregator's own transactions become savepoints
 * inside it (the `monsterinsights_reports_nested_transaction` filter), so a test can roll a chunk
 * back without ending the test's transaction. The tables are emptied first (inside the transaction,
 * so nothing is lost) and the site's zone is Europe/Berlin.
 */
abstract class BuiltinTestCase extends TestCase {

	/**
	 * "Now" for the retention period: a few days after the scripted hits.
	 */
	protected const NOW = '2025-03-15 12:00:00';

	/**
	 * The range of the report tests' scripted visits, 10–12 March 2025, as route arguments.
	 */
	protected const REPORT_RANGE = array(
		'start' => '2025-03-10',
		'end'   => '2025-03-12',
	);

	/**
	 * Their compare range, 7–9 March 2025, as route arguments.
	 */
	protected const REPORT_COMPARE = array(
		'compare_start' => '2025-03-07',
		'compare_end'   => '2025-03-09',
	);

	/**
	 * The test's buffer folder.
	 *
	 * @var FolderFiles
	 */
	protected FolderFiles $files;

	/**
	 * Savepoints, an empty schema, Berlin time, a buffer folder.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		update_option( 'timezone_string', 'Europe/Berlin' );
		update_option( 'gmt_offset', '' );
		delete_option( Compaction::BEFORE_OPTION );
		Hits::$zone = 'Europe/Berlin';
		foreach ( Tables::TABLES as $table ) {
			Db::query( 'DELETE FROM {' . $table . '}' );
		}
		$this->files = new FolderFiles();
	}

	/**
	 * Removes the buffer folder.
	 */
	protected function tear_down() {
		$this->files->remove();
		parent::tear_down();
	}

	/**
	 * An aggregator over the test's folder.
	 *
	 * @param int $chunk Lines per chunk.
	 */
	protected function aggregator( int $chunk = Aggregator::CHUNK ): Aggregator {
		return new Aggregator( $this->files, $chunk, null, Hits::ts( self::NOW ) );
	}

	/**
	 * A report's payload as the app receives it (JSON), for the range (the test's REPORT_RANGE
	 * unless the params name another), checked against the route's schema; the route must answer
	 * 200.
	 *
	 * @param string               $name   Report.
	 * @param array<string, mixed> $params Query parameters (range, compare, table parameters).
	 * @return array<string, mixed>
	 */
	protected function report_payload( string $name, array $params = array() ): array {
		$response = $this->rest( 'GET', '/monsterinsights-reports/v1/reports/' . $name, $params + static::REPORT_RANGE );
		$data     = json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		$schema = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $name )->get_data()['schema'];
		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, $name ), $name );
		return $data;
	}

	/**
	 * Writes lines as the live buffer and aggregates them.
	 *
	 * @param string[] $lines Buffer lines.
	 * @param int      $chunk Lines per chunk.
	 */
	protected function aggregate( array $lines, int $chunk = Aggregator::CHUNK ): AggregationResult {
		$this->files->add_live( $lines );
		return $this->aggregator( $chunk )->run();
	}

	/**
	 * GETs a route with fresh data (the data version bumped, so no cached payload answers) and
	 * returns its status and its data as JSON carries them.
	 *
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Query.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	protected function get_json( string $route, array $params ): array {
		BuiltinSource::bump_data_version();
		$response = $this->rest( 'GET', $route, $params );
		return array( $response->get_status(), json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * Every row of a table, without its id, in a stable order.
	 *
	 * @param string $table Schema table.
	 * @return array<int, array<string, string|null>>
	 */
	protected function table_rows( string $table ): array {
		$rows = Db::rows( 'SELECT * FROM {' . $table . '}' );
		foreach ( $rows as &$row ) {
			unset( $row['id'] );
		}
		unset( $row );
		usort( $rows, static fn( array $a, array $b ): int => strcmp( (string) wp_json_encode( $a ), (string) wp_json_encode( $b ) ) );
		return $rows;
	}

	/**
	 * The sessions, keyed by their first hit's path and start, with readable columns.
	 *
	 * @return array<int, array<string, string|int>>
	 */
	protected function sessions(): array {
		$rows = Db::rows(
			'SELECT s.*, COALESCE(n.visitor_next, 0) AS visitor_next, l.path AS landing, x.path AS exit_path, src.name AS source, u.browser, u.os, u.device_category, c.name AS campaign'
			. ' FROM {sessions} s LEFT JOIN {session_next} n ON n.session_id = s.id LEFT JOIN {paths} l ON l.id = s.landing_path_id LEFT JOIN {paths} x ON x.id = s.exit_path_id'
			. ' LEFT JOIN {sources} src ON src.id = s.source_id LEFT JOIN {user_agents} u ON u.id = s.ua_id'
			. ' LEFT JOIN {campaigns} c ON c.id = s.campaign_id ORDER BY s.started_at, s.id'
		);
		return array_map(
			static function ( array $row ): array {
				$out = array();
				foreach ( $row as $key => $value ) {
					$out[ $key ] = is_numeric( $value ) ? (int) $value : (string) $value;
				}
				return $out;
			},
			$rows
		);
	}

	/**
	 * One rollup_site row as integers, or null.
	 *
	 * @param string $day Y-m-d.
	 * @return array<string, int>|null
	 */
	protected function site_day( string $day ): ?array {
		$rows = Db::rows( 'SELECT * FROM {rollup_site} WHERE day = %s', array( $day ) );
		if ( array() === $rows ) {
			return null;
		}
		$row = $rows[0];
		unset( $row['day'] );
		return array_map( 'intval', $row );
	}

	/**
	 * Rows of a rollup for a day, keyed by $key, values as integers.
	 *
	 * @param string   $table Rollup table.
	 * @param string   $day   Y-m-d.
	 * @param string   $key   SQL expression naming the row (may use joined aliases).
	 * @param string   $join  Extra joins (the rollup is aliased r).
	 * @param string[] $only  Columns to keep.
	 * @return array<string, array<string, int>>
	 */
	protected function rollup( string $table, string $day, string $key, string $join, array $only ): array {
		$rows = Db::rows( 'SELECT ' . $key . ' AS k, r.* FROM {' . $table . '} r ' . $join . ' WHERE r.day = %s', array( $day ) );
		$out  = array();
		foreach ( $rows as $row ) {
			$out[ (string) $row['k'] ] = array_map( 'intval', array_intersect_key( $row, array_flip( $only ) ) );
		}
		ksort( $out );
		return $out;
	}
}
