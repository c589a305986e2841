<?php
/**
 * A report table as a CSV download.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Reports\Blocks\Column;

defined( 'ABSPATH' ) || exit;

/**
 * The CSV route's answer: the columns' labels, then one line per row (an expandable row's children
 * follow it), written to the client a row at a time by serve() instead of WordPress's JSON. Values
 * are raw (numbers unformatted, percent as a number, durations in seconds). A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe. The file starts with a UTF-8 byte-order mark so spreadsheet programs read accents.
 */
final class CsvResponse extends \WP_REST_Response {

	/**
	 * Builds the answer.
	 *
	 * @param Column[]                   $columns  The columns.
	 * @param list<array<string, mixed>> $rows     The rows, in order.
	 * @param string                     $filename The file name to save as.
	 */
	public function __construct( private array $columns, private array $rows, private string $filename ) {
		parent::__construct( null, 200 );
		$this->header( 'Content-Type', 'text/csv; charset=utf-8' );
		$this->header( 'Content-Disposition', 'attachment; filename="' . sanitize_file_name( $filename ) . '"' );
		$this->header( 'X-Content-Type-Options', 'nosniff' );
		$this->header( 'Cache-Control', 'no-store' );
	}

	/**
	 * Hooks the writer into the REST server: registered once by the plugin.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( self::class, 'maybe_serve' ), 10, 2 );
	}

	/**
	 * Writes a CsvResponse instead of JSON.
	 *
	 * @param bool              $served Whether the request was served already.
	 * @param \WP_HTTP_Response $result The result.
	 */
	public static function maybe_serve( $served, $result ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		$out = fopen( 'php://output', 'w' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- The response body, not a file.
		if ( false === $out ) {
			return false;
		}
		$result->write( $out );
		fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- php://output, not a file.
		return true;
	}

	/**
	 * The file name.
	 */
	public function filename(): string {
		return $this->filename;
	}

	/**
	 * The whole file as a string (tests, small exports).
	 */
	public function to_csv(): string {
		$out = fopen( 'php://temp', 'w+' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- A memory stream.
		if ( false === $out ) {
			return '';
		}
		$this->write( $out );
		rewind( $out );
		$csv = (string) stream_get_contents( $out );
		fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- A memory stream.
		return $csv;
	}

	/**
	 * Writes the file to a stream, a line at a time.
	 *
	 * @param resource $out The stream.
	 */
	private function write( $out ): void {
		fwrite( $out, "\xEF\xBB\xBF" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- A stream of the response.
		fputcsv( $out, array_map( static fn( Column $c ): string => self::cell( $c->label, true ), $this->columns ), ',', '"', '' );
		foreach ( $this->rows as $row ) {
			$this->line( $out, $row );
			foreach ( (array) ( $row['children'] ?? array() ) as $child ) {
				if ( is_array( $child ) ) {
					$this->line( $out, $child );
				}
			}
		}
	}

	/**
	 * One row's line.
	 *
	 * @param resource             $out The stream.
	 * @param array<string, mixed> $row The row.
	 */
	private function line( $out, array $row ): void {
		$cells = array();
		foreach ( $this->columns as $column ) {
			$value   = $row[ $column->id ] ?? null;
			$cells[] = is_int( $value ) || is_float( $value ) ? (string) $value : self::cell( (string) $value, true );
		}
		fputcsv( $out, $cells, ',', '"', '' );
	}

	/**
	 * A text cell, defused when a spreadsheet would read it as a formula.
	 *
	 * @param string $value The text.
	 * @param bool   $text  Whether it is text.
	 */
	private static function cell( string $value, bool $text ): string {
		if ( $text && '' !== $value && str_contains( "=+-@\t\r", $value[0] ) ) {
			return "'" . $value;
		}
		return $value;
	}
}
