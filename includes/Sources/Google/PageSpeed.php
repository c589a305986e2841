<?php
/**
 * The site's speed from PageSpeed Insights: Lighthouse's lab audit and the Chrome UX Report's field data.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

/**
 * One `runPagespeed` of the site's front page (home_url()) per strategy (desktop, mobile; the
 * category performance; the connection's PageSpeed API key when it has one), cached a day per
 * strategy; a Run Audit runs it afresh. From its answer:
 *
 * - the lab figures of `lighthouseResult.audits`: first-contentful-paint, largest-contentful-paint,
 *   total-blocking-time and server-response-time in milliseconds, cumulative-layout-shift unitless
 *   (their numericValue) with Lighthouse's score of each, and the performance score (0–1, as
 *   0–100);
 * - Interaction to Next Paint, which a navigation run does not measure, from the field data: the
 *   p75 of `loadingExperience.metrics.INTERACTION_TO_NEXT_PAINT` (the page's Chrome users), else
 *   `originLoadingExperience` (the whole origin's), else none.
 */
final class PageSpeed {

	/**
	 * A day: PageSpeed's lab run does not change between runs of the same page.
	 */
	public const TTL = DAY_IN_SECONDS;

	/**
	 * Seconds a run may take.
	 */
	public const TIMEOUT = 60;

	/**
	 * The lab metrics: the source's name → the Lighthouse audit.
	 */
	public const LAB = array(
		'fcp'  => 'first-contentful-paint',
		'lcp'  => 'largest-contentful-paint',
		'tbt'  => 'total-blocking-time',
		'cls'  => 'cumulative-layout-shift',
		'ttfb' => 'server-response-time',
	);

	/**
	 * Builds it.
	 *
	 * @param Connection $connection The connection (its PageSpeed key).
	 */
	public function __construct( private Connection $connection ) {
	}

	/**
	 * The answer of a strategy: the cached one, else a run now; with $fresh always a run now.
	 *
	 * @param string $device desktop or mobile.
	 * @param bool   $fresh  Whether to run it afresh (Run Audit).
	 * @return array<string, mixed>
	 * @throws GoogleError When PageSpeed cannot answer and no earlier answer is kept.
	 */
	public function answer( string $device, bool $fresh = false ): array {
		$query = $this->query( $device );
		$key   = 'pagespeed|' . wp_json_encode( array( $query['url'], $query['strategy'] ) );
		if ( $fresh ) {
			Cache::forget( $key );
		}
		return Cache::remember( $key, self::TTL, static fn(): array => Http::get_json( Endpoints::url( 'pagespeed', '/pagespeedonline/v5/runPagespeed' ), $query, '', self::TIMEOUT ) );
	}

	/**
	 * The query of a run.
	 *
	 * @param string $device desktop or mobile.
	 * @return array<string, string>
	 */
	public function query( string $device ): array {
		$query = array(
			'url'      => home_url( '/' ),
			'strategy' => 'mobile' === $device ? 'mobile' : 'desktop',
			'category' => 'performance',
		);
		$key   = $this->connection->secret( Connection::SECRET_PSI );
		if ( is_string( $key ) && '' !== $key ) {
			$query['key'] = $key;
		}
		return $query;
	}

	/**
	 * The figures of an answer as MeasuresSpeed's vitals: the lab metrics, INP from the field, the
	 * performance score, `samples` 0 (a lab run measures no visits) and `method` lab.
	 *
	 * @param array<string, mixed> $answer A runPagespeed answer.
	 * @return array{samples: int, lcp: float|null, fcp: float|null, ttfb: float|null, inp: float|null, cls: float|null, tbt: float|null, score: int|null, scores: array<string, int>, method: string}
	 */
	public static function vitals( array $answer ): array {
		$lighthouse = is_array( $answer['lighthouseResult'] ?? null ) ? $answer['lighthouseResult'] : array();
		$lab        = array();
		$scores     = array();
		foreach ( self::LAB as $metric => $audit ) {
			$value          = $lighthouse['audits'][ $audit ]['numericValue'] ?? null;
			$score          = $lighthouse['audits'][ $audit ]['score'] ?? null;
			$lab[ $metric ] = is_numeric( $value ) ? (float) $value : null;
			if ( is_numeric( $value ) && is_numeric( $score ) ) {
				$scores[ $metric ] = (int) round( (float) $score * 100 );
			}
		}
		$score = $lighthouse['categories']['performance']['score'] ?? null;
		return array(
			'samples' => 0,
			'lcp'     => $lab['lcp'],
			'fcp'     => $lab['fcp'],
			'ttfb'    => $lab['ttfb'],
			'inp'     => self::field_inp( $answer ),
			'cls'     => $lab['cls'],
			'tbt'     => $lab['tbt'],
			'score'   => is_numeric( $score ) ? (int) round( (float) $score * 100 ) : null,
			'scores'  => $scores,
			'method'  => 'lab',
		);
	}

	/**
	 * The run as MeasuresSpeed's audit: the root document's response time (lab), and when it ran;
	 * null without one.
	 *
	 * @param array<string, mixed> $answer A runPagespeed answer.
	 * @return array{server_response_time: float, at: int}|null
	 */
	public static function audit( array $answer ): ?array {
		$lighthouse = is_array( $answer['lighthouseResult'] ?? null ) ? $answer['lighthouseResult'] : array();
		$value      = $lighthouse['audits']['server-response-time']['numericValue'] ?? null;
		if ( ! is_numeric( $value ) ) {
			return null;
		}
		$when = strtotime( (string) ( $lighthouse['fetchTime'] ?? ( $answer['analysisUTCTimestamp'] ?? '' ) ) );
		return array(
			'server_response_time' => round( (float) $value, 1 ),
			'at'                   => false === $when ? time() : $when,
		);
	}

	/**
	 * The p75 of Interaction to Next Paint from the page's field data, else the origin's; null
	 * when CrUX has too few visits for both.
	 *
	 * @param array<string, mixed> $answer A runPagespeed answer.
	 */
	private static function field_inp( array $answer ): ?float {
		foreach ( array( 'loadingExperience', 'originLoadingExperience' ) as $part ) {
			$value = is_array( $answer[ $part ] ?? null ) ? ( $answer[ $part ]['metrics']['INTERACTION_TO_NEXT_PAINT']['percentile'] ?? null ) : null;
			if ( is_numeric( $value ) ) {
				return (float) $value;
			}
		}
		return null;
	}
}
