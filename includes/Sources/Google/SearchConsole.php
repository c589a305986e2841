<?php
/**
 * The google source's Search Console queries.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\DateRange;

defined( 'ABSPATH' ) || exit;

/**
 * One searchAnalytics.query on the connection's Search Console site (`sc_site`) per range: the
 * queries of web search, at most the limit asked, as Google ranks them (by clicks); then sorted
 * here too (clicks, impressions, the query), since the API promises no order. Dates are the
 * range's days as the site counts them (Search Console's own days are Pacific Time). Answers are
 * cached like the Data API's (Cache): briefly for a range with today in it, for hours otherwise,
 * with the last answer served when Google's quota is used up. A 403 on the site (the account is
 * not a user of it) is GoogleError::SEARCH_CONSOLE_FORBIDDEN, the report's notice.
 */
final class SearchConsole {

	/**
	 * Where Search Console shows a site's queries in full.
	 */
	private const REPORT = 'https://search.google.com/search-console/performance/search-analytics';

	/**
	 * Builds it.
	 *
	 * @param Client $client The connection's client.
	 */
	public function __construct( private Client $client ) {
	}

	/**
	 * The chosen Search Console site, or ''.
	 */
	public function site(): string {
		return $this->client->connection->get()['sc_site'];
	}

	/**
	 * The range's top queries of the site; none while no site is chosen.
	 *
	 * @param DateRange $range The range.
	 * @param int       $limit Queries at most (Search Console serves 25,000 at most).
	 * @return list<array{query: string, clicks: int, impressions: int, ctr: float, position: float}>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	public function queries( DateRange $range, int $limit ): array {
		$site = $this->site();
		if ( '' === $site ) {
			return array();
		}
		$body = self::request( $range, $limit );
		$url  = self::endpoint( $site );
		try {
			$answer = Cache::remember(
				'searchconsole|' . $site . '|' . wp_json_encode( $body ),
				$range->end_ymd() >= wp_date( 'Y-m-d' ) ? Cache::SHORT : Cache::LONG,
				fn(): array => $this->client->post( $url, $body )
			);
		} catch ( GoogleError $error ) {
			// A site the account may not read is this report's state, not the connection's: the
			// GA4 reports still work.
			if ( GoogleError::FORBIDDEN === $error->kind ) {
				throw GoogleError::because( GoogleError::SEARCH_CONSOLE_FORBIDDEN, $error->reason ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- Never printed: the REST routes answer it as JSON.
			}
			throw $error; // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- Never printed: the REST routes answer it as JSON.
		}
		return self::rows( $answer );
	}

	/**
	 * The searchAnalytics.query body of a range.
	 *
	 * @param DateRange $range The range.
	 * @param int       $limit Rows at most.
	 * @return array{startDate: string, endDate: string, dimensions: list<string>, type: string, rowLimit: int}
	 */
	public static function request( DateRange $range, int $limit ): array {
		return array(
			'startDate'  => $range->start_ymd(),
			'endDate'    => $range->end_ymd(),
			'dimensions' => array( 'query' ),
			'type'       => 'web',
			'rowLimit'   => max( 1, min( 25000, $limit ) ),
		);
	}

	/**
	 * The searchAnalytics.query URL of a site.
	 *
	 * @param string $site The site (`https://example.com/` or `sc-domain:example.com`).
	 */
	public static function endpoint( string $site ): string {
		return Endpoints::url( 'searchconsole', '/webmasters/v3/sites/' . rawurlencode( $site ) . '/searchAnalytics/query' );
	}

	/**
	 * Where Search Console shows a site's queries in full.
	 *
	 * @param string $site The site.
	 */
	public static function report_url( string $site ): string {
		return self::REPORT . '?resource_id=' . rawurlencode( $site );
	}

	/**
	 * An answer's rows: the query, clicks, impressions, the click-through rate in percent
	 * (2 decimals) and the average position (2 decimals), most clicks first.
	 *
	 * @param array<string, mixed> $answer The answer.
	 * @return list<array{query: string, clicks: int, impressions: int, ctr: float, position: float}>
	 * @throws GoogleError When a row is not what the API documents.
	 */
	public static function rows( array $answer ): array {
		$rows = array();
		foreach ( is_array( $answer['rows'] ?? null ) ? $answer['rows'] : array() as $row ) {
			if ( ! is_array( $row ) || ! is_array( $row['keys'] ?? null ) || ! is_scalar( $row['keys'][0] ?? null ) ) {
				throw GoogleError::because( GoogleError::MALFORMED ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- Never printed: the REST routes answer it as JSON.
			}
			$clicks      = (int) ( $row['clicks'] ?? 0 );
			$impressions = (int) ( $row['impressions'] ?? 0 );
			$rows[]      = array(
				'query'       => (string) $row['keys'][0],
				'clicks'      => $clicks,
				'impressions' => $impressions,
				'ctr'         => round( (float) ( $row['ctr'] ?? ( $impressions > 0 ? $clicks / $impressions : 0 ) ) * 100, 2 ),
				'position'    => round( (float) ( $row['position'] ?? 0 ), 2 ),
			);
		}
		usort(
			$rows,
			static fn( array $a, array $b ): int => array( $b['clicks'], $b['impressions'], $a['query'] ) <=> array( $a['clicks'], $a['impressions'], $b['query'] )
		);
		return $rows;
	}
}
