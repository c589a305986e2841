<?php
/**
 * The Site Speed figures of one device.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Reports\SpeedScore;
use MonsterInsights\Reports\Sources\MeasuresSpeed;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Speed figures (docs/product-rules.md#site-speed) of a device (desktop or mobile):
 * `overallScore` and, per metric, `{ score, value }` — cumulative_layout_shift (unitless),
 * largest_contentful_paint, first_contentful_paint and interaction_to_next_paint (seconds),
 * server_response_time and total_blocking_time (milliseconds) — from the source's p75 of the range
 * (MeasuresSpeed), scored by SpeedScore unless the source scores them itself; null for a metric without data (Total Blocking Time, a lab
 * metric, on field data). Besides: `samples`, the page views measured; `audit`, the last Run Audit
 * of the device (its server response time scored, and when); `server_response_source`, where the
 * server response time comes from: `field` (the visitors' TTFB), `audit` (no field data: the last
 * audit) or '' (neither); `method`, what the figures are: `field` (visits over the range) or `lab`
 * (one lab run: PageSpeed Insights on the google source, whose performance score is then the
 * overall score).
 */
final class Speed implements Block {

	/**
	 * The payload's metric keys and the source's names of them, with the factor from the source's
	 * unit (milliseconds) to the payload's.
	 */
	public const METRICS = array(
		'cumulative_layout_shift'   => array( 'cls', 1 ),
		'largest_contentful_paint'  => array( 'lcp', 1000 ),
		'server_response_time'      => array( 'ttfb', 1 ),
		'first_contentful_paint'    => array( 'fcp', 1000 ),
		'total_blocking_time'       => array( 'tbt', 1 ),
		'interaction_to_next_paint' => array( 'inp', 1000 ),
	);

	/**
	 * Which device.
	 *
	 * @param string $device desktop or mobile.
	 */
	public function __construct( private readonly string $device ) {
	}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$vitals = $source instanceof MeasuresSpeed ? $source->vitals( $request->range )[ $this->device ] : array( 'samples' => 0 );
		$audit  = $source instanceof MeasuresSpeed ? $source->last_audit( $this->device ) : null;
		$out    = array(
			'overallScore' => null,
			'samples'      => (int) $vitals['samples'],
		);
		$scores = array();
		foreach ( self::METRICS as $key => list( $metric, $factor ) ) {
			$value = $vitals[ $metric ] ?? null;
			if ( ! is_numeric( $value ) ) {
				$out[ $key ]       = null;
				$scores[ $metric ] = null;
				continue;
			}
			$own_score         = $vitals['scores'][ $metric ] ?? null;
			$scores[ $metric ] = is_int( $own_score ) ? $own_score : SpeedScore::score( $metric, $this->device, (float) $value );
			$out[ $key ]       = array(
				'score' => $scores[ $metric ],
				'value' => round( (float) $value / $factor, 4 ),
			);
		}
		$method                        = 'lab' === ( $vitals['method'] ?? 'field' ) ? 'lab' : 'field';
		$own                           = $vitals['score'] ?? null;
		$out['overallScore']           = is_numeric( $own ) ? (int) $own : SpeedScore::overall( $scores );
		$out['audit']                  = null === $audit ? null : array(
			'server_response_time' => array(
				'score' => 'lab' === $method && is_int( $vitals['scores']['ttfb'] ?? null ) ? $vitals['scores']['ttfb'] : SpeedScore::score( 'ttfb', $this->device, $audit['server_response_time'] ),
				'value' => $audit['server_response_time'],
			),
			'at'                   => $audit['at'],
		);
		$out['server_response_source'] = null !== $out['server_response_time'] && 'field' === $method ? 'field' : ( null !== $audit ? 'audit' : '' );
		if ( null === $out['server_response_time'] && null !== $out['audit'] ) {
			$out['server_response_time'] = $out['audit']['server_response_time'];
		}
		$out['method'] = $method;
		return $out;
	}

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$metric = array(
			'type'       => array( 'object', 'null' ),
			'properties' => array(
				'score' => array( 'type' => 'integer' ),
				'value' => Schema::number(),
			),
		);
		$shape  = array(
			'overallScore' => array( 'type' => array( 'integer', 'null' ) ),
			'samples'      => array( 'type' => 'integer' ),
		);
		foreach ( array_keys( self::METRICS ) as $key ) {
			$shape[ $key ] = $metric;
		}
		$shape['audit']                  = array(
			'type'       => array( 'object', 'null' ),
			'properties' => array(
				'server_response_time' => $metric,
				'at'                   => array( 'type' => 'integer' ),
			),
		);
		$shape['server_response_source'] = array(
			'type' => 'string',
			'enum' => array( 'field', 'audit', '' ),
		);
		$shape['method']                 = array(
			'type' => 'string',
			'enum' => array( 'field', 'lab' ),
		);
		return Schema::object( $shape );
	}
}
