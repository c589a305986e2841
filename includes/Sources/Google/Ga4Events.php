<?php
/**
 * The Query's metrics GA4 counts as events: forms, media, and the Publishers' link clicks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;

defined( 'ABSPATH' ) || exit;

/**
 * GA4 has no metric of its own for a form's impressions or a video's plays: they are the
 * `eventCount` of an event. A query asking any of these derived metrics becomes one runReport of
 * `eventCount` by the query's dimensions and `eventName`, filtered to the events needed (and to
 * the query's own filters); its rows are then folded back by the query's dimensions, each event's
 * count giving its metric:
 *
 * - formImpressions, formConversions: the events `form_impression` and `form_conversion` (the
 *   names the plugin's own tracker and MonsterInsights' GA4 forms tracking send, with the form's
 *   id as the `form_id` parameter, registered in GA4 as the custom dimension customEvent:form_id);
 *   formConversionRate = conversions ÷ impressions, in percent;
 * - videoStarts: `video_start` (GA4's enhanced measurement of embedded YouTube videos, whose
 *   `video_title` parameter is the custom dimension customEvent:video_title); videoCompletionRate
 *   = `video_complete` ÷ `video_start`, in percent. GA4 keeps no watch time nor furthest point per
 *   play: averageVideoWatchTime and averageVideoPercentViewed answer 0.
 *
 * The event names are filterable (`monsterinsights_reports_ga4_events`), e.g. to count enhanced
 * measurement's `form_start` / `form_submit` instead. The totals are the folded rows' sums (GA4's
 * TOTAL would add up every event). A query mixing derived and plain metrics asks only the derived
 * ones (the reports never mix them).
 *
 * A link kind filter (the Publishers' tables) becomes the events GA4's enhanced measurement sends:
 * outbound = `click` with `outbound` true; download = `file_download`; affiliate = `click` on a
 * URL holding one of the affiliate paths (filterable `monsterinsights_reports_google_affiliate_paths`;
 * GA4 only sees such a click when the path is on another domain).
 */
final class Ga4Events {

	/**
	 * The derived metrics: the events they count, a count or a ratio of two counts (percent).
	 */
	private const DERIVED = array(
		Metric::FORM_IMPRESSIONS             => array( 'form_impression' ),
		Metric::FORM_CONVERSIONS             => array( 'form_conversion' ),
		Metric::FORM_CONVERSION_RATE         => array( 'form_conversion', 'form_impression' ),
		Metric::VIDEO_STARTS                 => array( 'video_start' ),
		Metric::VIDEO_COMPLETION_RATE        => array( 'video_complete', 'video_start' ),
		Metric::AVERAGE_VIDEO_WATCH_TIME     => array(),
		Metric::AVERAGE_VIDEO_PERCENT_VIEWED => array(),
	);

	/**
	 * The affiliate paths by default (as the builtin tracker's default).
	 */
	public const AFFILIATE_PATHS = array( '/go/', '/recommend/' );

	/**
	 * Whether a query asks a derived metric.
	 *
	 * @param Query $query The query.
	 */
	public static function applies( Query $query ): bool {
		return array() !== array_intersect( $query->metrics, array_keys( self::DERIVED ) );
	}

	/**
	 * Whether GA4 answers a metric through its events (with a value: the watch time has none).
	 *
	 * @param string $metric A Query\Metric name.
	 */
	public static function knows( string $metric ): bool {
		return array() !== ( self::DERIVED[ $metric ] ?? array() );
	}

	/**
	 * The event each name stands for (filterable).
	 *
	 * @return array<string, string>
	 */
	private static function names(): array {
		$defaults = array(
			'form_impression' => 'form_impression',
			'form_conversion' => 'form_conversion',
			'video_start'     => 'video_start',
			'video_complete'  => 'video_complete',
		);
		/**
		 * Filters the GA4 event names the google source counts for forms and videos.
		 *
		 * @param array<string, string> $names The plugin's name → the event name in GA4.
		 */
		$names = (array) apply_filters( 'monsterinsights_reports_ga4_events', $defaults );
		foreach ( $defaults as $key => $default ) {
			$defaults[ $key ] = is_string( $names[ $key ] ?? null ) && '' !== $names[ $key ] ? $names[ $key ] : $default;
		}
		return $defaults;
	}

	/**
	 * The GA4 events a query's derived metrics count.
	 *
	 * @param Query $query The query.
	 * @return list<string>
	 */
	private static function events( Query $query ): array {
		$names  = self::names();
		$events = array();
		foreach ( $query->metrics as $metric ) {
			foreach ( self::DERIVED[ $metric ] ?? array() as $event ) {
				$events[] = $names[ $event ];
			}
		}
		return array_values( array_unique( $events ) );
	}

	/**
	 * The RunReportRequest of a derived query over one range.
	 *
	 * @param Query     $query The query.
	 * @param DateRange $range The range.
	 * @return array<string, mixed>
	 */
	public static function request( Query $query, DateRange $range ): array {
		// GA4's request of eventCount by the query's dimensions and filters (its "(not set)" rows
		// left out as for any query), then by eventName too, filtered to the events counted.
		$plain                   = new Query( array( Metric::EVENT_COUNT ), $query->dimensions, $range, null, $query->filters );
		$body                    = Ga4Query::request( $plain, $range, Ga4Query::parts( $plain )[0] );
		$body['dimensions']      = array_merge( $body['dimensions'] ?? array(), array( array( 'name' => 'eventName' ) ) );
		$events                  = self::events( $query );
		$by_event                = array(
			'filter' => array(
				'fieldName'    => 'eventName',
				'inListFilter' => array( 'values' => array() !== $events ? $events : array( 'page_view' ) ),
			),
		);
		$own                     = $body['dimensionFilter'] ?? null;
		$body['dimensionFilter'] = null === $own ? $by_event : array( 'andGroup' => array( 'expressions' => array_merge( isset( $own['andGroup'] ) ? $own['andGroup']['expressions'] : array( $own ), array( $by_event ) ) ) );
		// GA4's TOTAL would add up every event: the totals are those of the folded rows, see result.
		unset( $body['metricAggregations'], $body['returnPropertyQuota'] );
		$body['returnPropertyQuota'] = true;
		return $body;
	}

	/**
	 * The Result of a derived query from its RunReportResponse.
	 *
	 * @param array<string, mixed> $response The response.
	 * @param Query                $query    The query.
	 */
	public static function result( array $response, Query $query ): Result {
		$plain  = Ga4Query::result( $response, new Query( array( Metric::EVENT_COUNT ), $query->dimensions, $query->range ) );
		$names  = self::fold_names( $response );
		$counts = array();
		$keys   = array();
		foreach ( $plain->rows as $i => $row ) {
			$key                      = (string) wp_json_encode( $row['dimensions'] );
			$keys[ $key ]             = $row['dimensions'];
			$counts[ $key ]         ??= array();
			$event                    = $names[ $i ] ?? '';
			$counts[ $key ][ $event ] = ( $counts[ $key ][ $event ] ?? 0 ) + (int) ( $row['metrics'][ Metric::EVENT_COUNT ] ?? 0 );
		}
		$rows  = array();
		$total = array();
		foreach ( $counts as $key => $by_event ) {
			$rows[] = array(
				'dimensions' => $keys[ $key ],
				'metrics'    => self::metrics( $query, $by_event ),
			);
			foreach ( $by_event as $event => $count ) {
				$total[ $event ] = ( $total[ $event ] ?? 0 ) + $count;
			}
		}
		return new Result( $rows, self::metrics( $query, $total ) );
	}

	/**
	 * The eventName of each row of a response, in order.
	 *
	 * @param array<string, mixed> $response The response.
	 * @return list<string>
	 */
	private static function fold_names( array $response ): array {
		$headers = is_array( $response['dimensionHeaders'] ?? null ) ? array_values( $response['dimensionHeaders'] ) : array();
		$at      = null;
		foreach ( $headers as $i => $header ) {
			if ( is_array( $header ) && 'eventName' === ( $header['name'] ?? '' ) ) {
				$at = $i;
			}
		}
		$out = array();
		foreach ( is_array( $response['rows'] ?? null ) ? array_values( $response['rows'] ) : array() as $row ) {
			$values = is_array( $row ) && is_array( $row['dimensionValues'] ?? null ) ? array_values( $row['dimensionValues'] ) : array();
			$value  = null === $at ? null : ( $values[ $at ] ?? null );
			$out[]  = is_array( $value ) ? (string) ( $value['value'] ?? '' ) : '';
		}
		return $out;
	}

	/**
	 * A query's metrics from the counts of its events.
	 *
	 * @param Query              $query    The query.
	 * @param array<string, int> $by_event Count by GA4 event name.
	 * @return array<string, int|float>
	 */
	private static function metrics( Query $query, array $by_event ): array {
		$names = self::names();
		$out   = array();
		foreach ( $query->metrics as $metric ) {
			$events = array_map( static fn( string $e ): string => $names[ $e ], self::DERIVED[ $metric ] ?? array() );
			if ( 1 === count( $events ) ) {
				$out[ $metric ] = $by_event[ $events[0] ] ?? 0;
			} elseif ( 2 === count( $events ) ) {
				$of             = $by_event[ $events[1] ] ?? 0;
				$out[ $metric ] = $of > 0 ? round( ( $by_event[ $events[0] ] ?? 0 ) / $of * 100, 2 ) : 0;
			} else {
				$out[ $metric ] = 0;
			}
		}
		return $out;
	}

	/**
	 * The FilterExpression of a link kind (Dimension::LINK_KIND): outbound, download or affiliate.
	 *
	 * @param Filter $filter The filter on the link kind.
	 * @return array<string, mixed>
	 */
	public static function link_kind( Filter $filter ): array {
		$exact = static fn( string $field, string $value ): array => array(
			'filter' => array(
				'fieldName'    => $field,
				'stringFilter' => array(
					'matchType' => 'EXACT',
					'value'     => $value,
				),
			),
		);
		$kind  = (string) ( ( (array) $filter->value )[0] ?? '' );
		if ( 'download' === $kind ) {
			return $exact( 'eventName', 'file_download' );
		}
		if ( 'affiliate' === $kind ) {
			/**
			 * Filters the paths whose clicks the google source counts as affiliate clicks.
			 *
			 * @param string[] $paths The paths.
			 */
			$paths = array_values( array_filter( array_map( 'strval', (array) apply_filters( 'monsterinsights_reports_google_affiliate_paths', self::AFFILIATE_PATHS ) ) ) );
			return array(
				'andGroup' => array(
					'expressions' => array(
						$exact( 'eventName', 'click' ),
						array(
							'orGroup' => array(
								'expressions' => array_map(
									static fn( string $path ): array => array(
										'filter' => array(
											'fieldName'    => 'linkUrl',
											'stringFilter' => array(
												'matchType' => 'CONTAINS',
												'value' => $path,
											),
										),
									),
									$paths
								),
							),
						),
					),
				),
			);
		}
		return array(
			'andGroup' => array(
				'expressions' => array(
					$exact( 'eventName', 'click' ),
					$exact( 'outbound', 'true' ),
				),
			),
		);
	}
}
