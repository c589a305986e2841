<?php
/**
 * Writes a small MaxMind DB file for tests: a handful of IPv4 addresses and their records.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Tracking;

// phpcs:disable WordPress.WP.AlternativeFunctions -- A test fixture on the local disk.

/**
 * The MaxMind DB format (https://maxmind.github.io/MaxMind-DB/): an IPv4 search tree with 24-bit
 * records, sixteen zero bytes, the data section (maps, arrays, UTF-8 strings, unsigned integers),
 * then the metadata marker and the metadata map. Enough for maxmind-db/reader to open it and find
 * each address's record; its database type says what kind of database it plays (a "City" type
 * has regions).
 */
final class TinyMmdb {

	/**
	 * Writes the file.
	 *
	 * @param string                              $file    Path.
	 * @param array<string, array<string, mixed>> $records IPv4 address → record.
	 * @param string                              $type    The database type of the metadata.
	 */
	public static function write( string $file, array $records, string $type = 'Tiny-City' ): void {
		$data    = '';
		$offsets = array();
		foreach ( $records as $ip => $record ) {
			$offsets[ $ip ] = strlen( $data );
			$data          .= self::encode( $record );
		}

		// The tree: node 0 is the root; -1 is "no child yet", ['data', offset] a record.
		$nodes = array( array( -1, -1 ) );
		foreach ( $offsets as $ip => $offset ) {
			$bits = str_pad( decbin( (int) ip2long( $ip ) ), 32, '0', STR_PAD_LEFT );
			$node = 0;
			for ( $i = 0; $i < 32; $i++ ) {
				$bit = (int) $bits[ $i ];
				if ( 31 === $i ) {
					$nodes[ $node ][ $bit ] = array( 'data', $offset );
					break;
				}
				if ( -1 === $nodes[ $node ][ $bit ] ) {
					$nodes[]                = array( -1, -1 );
					$nodes[ $node ][ $bit ] = count( $nodes ) - 1;
				}
				$node = $nodes[ $node ][ $bit ];
			}
		}
		$count = count( $nodes );
		$tree  = '';
		foreach ( $nodes as $children ) {
			foreach ( $children as $child ) {
				$value = is_array( $child ) ? $count + 16 + $child[1] : ( -1 === $child ? $count : $child );
				$tree .= substr( pack( 'N', $value ), 1 );
			}
		}

		$metadata = self::encode(
			array(
				'binary_format_major_version' => array( 'u16', 2 ),
				'binary_format_minor_version' => array( 'u16', 0 ),
				'build_epoch'                 => array( 'u64', 1700000000 ),
				'database_type'               => $type,
				'description'                 => array( 'en' => 'Test database' ),
				'ip_version'                  => array( 'u16', 4 ),
				'languages'                   => array( 'en' ),
				'node_count'                  => array( 'u32', $count ),
				'record_size'                 => array( 'u16', 24 ),
			)
		);
		file_put_contents( $file, $tree . str_repeat( "\0", 16 ) . $data . "\xAB\xCD\xEFMaxMind.com" . $metadata );
	}

	/**
	 * One value in the data section's encoding.
	 *
	 * @param mixed $value A string, an int (uint32), a list (array), a map, or [ 'u16'|'u32'|'u64', int ].
	 */
	private static function encode( $value ): string {
		if ( is_array( $value ) && 2 === count( $value ) && in_array( $value[0] ?? null, array( 'u16', 'u32', 'u64' ), true ) ) {
			$bytes = ltrim( pack( 'J', (int) $value[1] ), "\0" );
			$type  = array(
				'u16' => 5,
				'u32' => 6,
				'u64' => 9,
			)[ $value[0] ];
			return self::control( $type, strlen( $bytes ) ) . $bytes;
		}
		if ( is_int( $value ) ) {
			$bytes = ltrim( pack( 'N', $value ), "\0" );
			return self::control( 6, strlen( $bytes ) ) . $bytes;
		}
		if ( is_string( $value ) ) {
			return self::control( 2, strlen( $value ) ) . $value;
		}
		$out = '';
		if ( array_is_list( $value ) ) {
			foreach ( $value as $item ) {
				$out .= self::encode( $item );
			}
			return self::control( 11, count( $value ) ) . $out;
		}
		foreach ( $value as $key => $item ) {
			$out .= self::encode( (string) $key ) . self::encode( $item );
		}
		return self::control( 7, count( $value ) ) . $out;
	}

	/**
	 * A control byte (and the extended type byte for types above 7); sizes below 29.
	 *
	 * @param int $type The type.
	 * @param int $size The size.
	 */
	private static function control( int $type, int $size ): string {
		if ( $type <= 7 ) {
			return chr( ( $type << 5 ) | $size );
		}
		return chr( $size ) . chr( $type - 7 );
	}
}
