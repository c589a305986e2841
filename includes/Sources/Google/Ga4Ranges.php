<?php
/**
 * RunReportRequests that differ only in their date range, asked as one request of several ranges.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * A report asks many of its queries for two ranges (the range and the one it compares with, or the
 * period before it), and some queries for one range each that another asks for the other (the
 * Overview's devices). GA4 answers up to MAX date ranges in one request: each row then carries the
 * range's name as a last `dateRange` dimension, and the totals one row per range. join() puts the
 * requests that are the same but for their one range into one request, and split() gives each of
 * them back the answer it would have had alone — its rows, in the order GA4 sent them, and its
 * totals, without the `dateRange` dimension.
 *
 * A request with a limit is never joined: GA4 applies the limit (and the order) to the rows of every
 * range together, so the top rows of one range could be cut by the other's.
 */
final class Ga4Ranges {

	/**
	 * The most date ranges GA4 answers in one request.
	 */
	public const MAX = 4;

	/**
	 * The requests joined: each joined request with the keys of the requests it stands for, in its
	 * ranges' order.
	 *
	 * @param array<int, array<string, mixed>> $requests The requests, by key.
	 * @return list<array{request: array<string, mixed>, keys: list<int>}>
	 */
	public static function join( array $requests ): array {
		$groups = array();
		$out    = array();
		foreach ( $requests as $key => $request ) {
			$ranges = $request['dateRanges'] ?? null;
			if ( isset( $request['limit'] ) || ! is_array( $ranges ) || 1 !== count( $ranges ) ) {
				$out[] = array(
					'request' => $request,
					'keys'    => array( $key ),
				);
				continue;
			}
			$rest = $request;
			unset( $rest['dateRanges'] );
			$id = (string) wp_json_encode( $rest );
			if ( ! isset( $groups[ $id ] ) || count( $out[ $groups[ $id ] ]['keys'] ) >= self::MAX || in_array( $ranges[0], $out[ $groups[ $id ] ]['request']['dateRanges'], true ) ) {
				$groups[ $id ] = count( $out );
				$out[]         = array(
					'request' => $request,
					'keys'    => array( $key ),
				);
				continue;
			}
			$out[ $groups[ $id ] ]['request']['dateRanges'][] = $ranges[0];
			$out[ $groups[ $id ] ]['keys'][]                  = $key;
		}
		return $out;
	}

	/**
	 * The answer of each range of a joined request, in its ranges' order: the rows and totals whose
	 * last dimension names the range (date_range_0, …), without it. An answer of one range is its own.
	 *
	 * @param array<string, mixed> $answer The answer of the joined request.
	 * @param int                  $count  How many ranges it asked.
	 * @return list<array<string, mixed>>
	 * @throws GoogleError When an answer of several ranges has no dateRange dimension (malformed).
	 */
	public static function split( array $answer, int $count ): array {
		if ( $count < 2 ) {
			return array( $answer );
		}
		$headers = is_array( $answer['dimensionHeaders'] ?? null ) ? array_values( $answer['dimensionHeaders'] ) : array();
		$last    = array_pop( $headers );
		if ( ! is_array( $last ) || 'dateRange' !== ( $last['name'] ?? null ) ) {
			throw GoogleError::because( GoogleError::MALFORMED );
		}
		$out = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$one = $answer;
			if ( array() === $headers ) {
				unset( $one['dimensionHeaders'] );
			} else {
				$one['dimensionHeaders'] = $headers;
			}
			foreach ( array( 'rows', 'totals' ) as $list ) {
				unset( $one[ $list ] );
				$rows = self::of_range( $answer[ $list ] ?? array(), $i );
				if ( array() !== $rows ) {
					$one[ $list ] = $rows;
				}
			}
			$one['rowCount'] = count( $one['rows'] ?? array() );
			$out[]           = $one;
		}
		return $out;
	}

	/**
	 * The rows of one range, without their last dimension value (the range's name).
	 *
	 * @param mixed $rows  The rows of every range.
	 * @param int   $index The range's index.
	 * @return list<array<string, mixed>>
	 */
	private static function of_range( $rows, int $index ): array {
		$out = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$values = is_array( $row ) && is_array( $row['dimensionValues'] ?? null ) ? array_values( $row['dimensionValues'] ) : array();
			$name   = array_pop( $values );
			if ( ! is_array( $name ) || ( $name['value'] ?? null ) !== 'date_range_' . $index ) {
				continue;
			}
			$row['dimensionValues'] = $values;
			if ( array() === $values ) {
				unset( $row['dimensionValues'] );
			}
			$out[] = $row;
		}
		return $out;
	}
}
