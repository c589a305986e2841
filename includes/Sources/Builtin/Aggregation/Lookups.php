<?php
/**
 * Ids of paths, sources, campaigns and user agents, created on first sight.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * Resolves a chunk's distinct values to lookup-table ids in a few statements: one SELECT for the
 * known ones, one INSERT IGNORE for the new ones (so two runs racing cannot duplicate a row), one
 * SELECT for their ids. Every lookup is keyed by the MD5 of its value (hex), so the column's
 * collation (case- and accent-insensitive) never merges two values. A user agent is parsed only
 * when it is new to the table.
 */
final class Lookups {

	/**
	 * Path ids.
	 *
	 * @param array<string, int> $paths Path => WordPress object id (0 when unknown).
	 * @return array<string, int> Path => id.
	 */
	public static function paths( array $paths ): array {
		$ids = self::resolve_hashed(
			'paths',
			array_keys( $paths ),
			array( 'hash', 'path', 'object_id' ),
			static fn( string $path ): array => array( $path, $paths[ $path ] )
		);
		// A path first seen without its object (a 404 that became a post) learns it later.
		$known = array();
		foreach ( $ids as $path => $id ) {
			if ( $paths[ $path ] > 0 ) {
				$known[ $id ] = $paths[ $path ];
			}
		}
		if ( array() !== $known ) {
			$missing = Db::col( 'SELECT id FROM {paths} WHERE object_id = 0 AND id IN (' . self::ints( array_keys( $known ) ) . ')' );
			foreach ( $missing as $id ) {
				Db::query( 'UPDATE {paths} SET object_id = %d WHERE id = %d', array( $known[ (int) $id ], (int) $id ) );
			}
		}
		return $ids;
	}

	/**
	 * Source ids.
	 *
	 * @param array<string, string> $sources Source name => category.
	 * @return array<string, int> Name => id.
	 */
	public static function sources( array $sources ): array {
		return self::resolve_hashed(
			'sources',
			array_keys( $sources ),
			array( 'hash', 'name', 'category' ),
			static fn( string $name ): array => array( $name, $sources[ $name ] )
		);
	}

	/**
	 * Campaign ids.
	 *
	 * @param array<string, array<string, string>> $campaigns Hash => name, source, medium, term, content.
	 * @return array<string, int> Hash => id.
	 */
	public static function campaigns( array $campaigns ): array {
		return self::resolve(
			'campaigns',
			'hash',
			array_map( 'strval', array_keys( $campaigns ) ),
			array( 'hash', 'name', 'source', 'medium', 'term', 'content' ),
			static fn( string $hash ): array => array_merge( array( $hash ), array_values( $campaigns[ $hash ] ) )
		);
	}

	/**
	 * User agent ids; each new user agent is parsed once, here.
	 *
	 * @param string[] $agents Raw user agents.
	 * @return array<string, int> Raw user agent => id.
	 */
	public static function user_agents( array $agents ): array {
		return self::resolve_hashed(
			'user_agents',
			$agents,
			array( 'hash', 'browser', 'browser_version', 'os', 'os_version', 'device_category' ),
			static function ( string $ua ): array {
				$parsed = UserAgentParser::parse( $ua );
				return array( $parsed['browser'], $parsed['browser_version'], $parsed['os'], $parsed['os_version'], $parsed['device_category'] );
			}
		);
	}

	/**
	 * Link ids (the URLs of outbound, affiliate and download clicks, LinkRollups).
	 *
	 * @param string[] $urls URLs.
	 * @return array<string, int> URL => id.
	 */
	public static function links( array $urls ): array {
		return self::resolve_hashed( 'links', $urls, array( 'hash', 'url' ), static fn( string $url ): array => array( $url ) );
	}

	/**
	 * Ids of values in a lookup keyed by the MD5 of the value (its `hash` column), inserting the
	 * missing rows.
	 *
	 * @param string            $table   Lookup table.
	 * @param array<int|string> $values  Distinct values (array keys may have made numbers of them).
	 * @param string[]          $columns Columns of a new row, `hash` first.
	 * @param callable          $row_of  The rest of a new value's row: fn( string $value ): array.
	 * @return array<string, int> Value => id.
	 */
	private static function resolve_hashed( string $table, array $values, array $columns, callable $row_of ): array {
		$hashes = array();
		foreach ( $values as $value ) {
			$hashes[ md5( (string) $value ) ] = (string) $value;
		}
		$ids = self::resolve(
			$table,
			'hash',
			array_map( 'strval', array_keys( $hashes ) ),
			$columns,
			static fn( string $hash ): array => array_merge( array( $hash ), $row_of( $hashes[ $hash ] ) )
		);
		$out = array();
		foreach ( $hashes as $hash => $value ) {
			$out[ $value ] = $ids[ $hash ];
		}
		return $out;
	}

	/**
	 * Ids by unique key, inserting the missing rows.
	 *
	 * @param string   $table   Lookup table.
	 * @param string   $column  Its unique column.
	 * @param string[] $keys    Distinct keys.
	 * @param string[] $columns Columns of a new row.
	 * @param callable $row_of  The new row of a key: fn( string $key ): array.
	 * @return array<string, int> Key => id.
	 * @throws \RuntimeException When a row is still missing after the insert.
	 */
	private static function resolve( string $table, string $column, array $keys, array $columns, callable $row_of ): array {
		if ( array() === $keys ) {
			return array();
		}
		$ids     = self::select( $table, $column, $keys );
		$missing = array_values( array_diff( $keys, array_map( 'strval', array_keys( $ids ) ) ) );
		if ( array() !== $missing ) {
			foreach ( array_chunk( $missing, 500 ) as $batch ) {
				Db::insert_rows( $table, $columns, array_map( $row_of, $batch ), true );
			}
			$ids += self::select( $table, $column, $missing );
		}
		foreach ( $keys as $key ) {
			if ( ! isset( $ids[ $key ] ) ) {
				throw new \RuntimeException( esc_html( "Lookup row missing in $table" ) );
			}
		}
		return $ids;
	}

	/**
	 * Ids of the rows that exist, inserting none (readers that must not write, such as RealtimeAnswers).
	 *
	 * @param string   $table  paths, sources or campaigns.
	 * @param string[] $hashes Their `hash` keys: md5 of the path or source name, a campaign's hash.
	 * @return array<string, int> Hash => id.
	 */
	public static function existing( string $table, array $hashes ): array {
		return array() === $hashes ? array() : self::select( $table, 'hash', array_values( $hashes ) );
	}

	/**
	 * Ids of existing rows.
	 *
	 * @param string   $table  Lookup table.
	 * @param string   $column Its unique column.
	 * @param string[] $keys   Keys.
	 * @return array<string, int> Key => id.
	 */
	private static function select( string $table, string $column, array $keys ): array {
		$ids = array();
		foreach ( array_chunk( $keys, 500 ) as $batch ) {
			$rows = Db::rows(
				'SELECT id, ' . $column . ' AS k FROM {' . $table . '} WHERE ' . $column . ' IN (' . implode( ',', array_fill( 0, count( $batch ), '%s' ) ) . ')',
				$batch
			);
			foreach ( $rows as $row ) {
				$ids[ (string) $row['k'] ] = (int) $row['id'];
			}
		}
		return $ids;
	}

	/**
	 * A comma-separated list of integers, safe to put in SQL.
	 *
	 * @param array<int|string> $values Numbers.
	 */
	public static function ints( array $values ): string {
		return implode( ',', array_map( 'intval', $values ) );
	}
}
