<?php
/**
 * The fake Google's report numbers: deterministic, computed from the request.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\FakeGoogle;

/**
 * Answers GA4 runReport / runRealtimeReport requests and Search Console queries. Every number is
 * derived from crc32 of a key that names what it counts, so a test computes it on its own
 * (docs/development.md, "The fake Google server"):
 *
 * - GA4, additive metric (fixtures/ga4-metrics.json): per day, crc32("{property}|{metric}|{Y-m-d}|{values}|{filters}") % 1000
 *   (TYPE_CURRENCY: in cents, % 100000), summed over the row's days. {values} are the row's values
 *   of its dimensions that are not dates (date, yearMonth, year, month, dayOfWeek, dayOfWeekName,
 *   nthDay), joined with "|", and {filters} the JSON of dimensionFilter and metricFilter ("" without).
 * - GA4, other metrics: crc32("{property}|{metric}|{start}|{end}|{all row values}|{filters}") % 10000 / 10000
 *   (TYPE_SECONDS: % 600000 / 1000; TYPE_CURRENCY: % 10000 / 100), per date range.
 * - Realtime: crc32("{property}|{metric}|{minutesAgo or start-end}|{values}") % 50.
 * - Search Console: per day, clicks crc32("{site}|clicks|{Y-m-d}|{keys}") % 50, impressions
 *   clicks + 1 + crc32("{site}|impressions|{Y-m-d}|{keys}") % 500, summed; ctr = clicks / impressions;
 *   position 1 + crc32("{site}|position|{start}|{end}|{keys}") % 400 / 10.
 * - Steady numbers (set by /__control): an additive metric's day is 450 + crc % 100 (TYPE_CURRENCY:
 *   45000 + crc % 10000 cents), a TYPE_FLOAT rate (4500 + crc % 1000) / 10000.
 * - Spikes (set by /__control): an additive GA4 metric's day gets `add` more (a negative one: less,
 *   never below 0; TYPE_CURRENCY: `add` in units) in each row with the spike's dimension value
 *   (without a dimension: in every row).
 */
class Reports {

	private const TIME_DIMENSIONS = array( 'date', 'yearMonth', 'year', 'month', 'dayOfWeek', 'dayOfWeekName', 'nthDay' );

	/**
	 * The earliest startDate GA4's Data API answers.
	 */
	public const EARLIEST = '2015-08-14';

	/**
	 * The default and the largest funnelBreakdown limit.
	 */
	private const BREAKDOWN_LIMIT = array( 5, 15 );

	private const DAY_NAMES = array( 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday' );

	/**
	 * The fixtures folder.
	 *
	 * @var string
	 */
	private string $fixtures;

	/**
	 * "Today" for relative dates, Y-m-d.
	 *
	 * @var string
	 */
	private string $today;

	/**
	 * The spikes planted by /__control: each {metric, date, add} and optionally {dimension, value}.
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $spikes;

	/**
	 * Whether the numbers are steady (set by /__control).
	 *
	 * @var bool
	 */
	private bool $steady;

	/**
	 * Reads the fixtures.
	 *
	 * @param string                           $fixtures The fixtures folder.
	 * @param string                           $today    Y-m-d.
	 * @param array<int, array<string, mixed>> $spikes   The planted spikes.
	 * @param bool                             $steady   Steady numbers.
	 */
	public function __construct( string $fixtures, string $today, array $spikes = array(), bool $steady = false ) {
		$this->fixtures = $fixtures;
		$this->today    = $today;
		$this->spikes   = $spikes;
		$this->steady   = $steady;
	}

	/**
	 * The number behind every value.
	 *
	 * @param string $key What it counts.
	 */
	public static function hash( string $key ): int {
		return crc32( $key );
	}

	/**
	 * A fixture, decoded.
	 *
	 * @param string $name File name without .json.
	 * @return array<mixed>
	 */
	public function fixture( string $name ): array {
		$data = json_decode( (string) file_get_contents( $this->fixtures . '/' . $name . '.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- A test server without WordPress.
		return is_array( $data ) ? $data : array();
	}

	/**
	 * A GA4 runReport.
	 *
	 * @param string               $property The property id (digits).
	 * @param array<string, mixed> $request  The RunReportRequest.
	 * @return array<string, mixed> The RunReportResponse.
	 * @throws \InvalidArgumentException An INVALID_ARGUMENT answer.
	 */
	public function run_report( string $property, array $request ): array {
		$metric_types = $this->fixture( 'ga4-metrics' );
		$dimensions   = self::names( $request['dimensions'] ?? array(), 'dimension' );
		$metrics      = self::names( $request['metrics'] ?? array(), 'metric' );
		if ( array() === $metrics && array() === $dimensions ) {
			throw new \InvalidArgumentException( 'Please specify at least one dimension or metric.' );
		}
		if ( count( $dimensions ) > 9 ) {
			throw new \InvalidArgumentException( 'Requests are limited to 9 dimensions.' );
		}
		if ( count( $metrics ) > 10 ) {
			throw new \InvalidArgumentException( 'Requests are limited to 10 metrics.' );
		}
		foreach ( $metrics as $metric ) {
			if ( ! isset( $metric_types[ $metric ] ) ) {
				throw new \InvalidArgumentException( sprintf( 'Field %s is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema', $metric ) );
			}
		}
		$ranges = $request['dateRanges'] ?? array();
		if ( ! is_array( $ranges ) || array() === $ranges ) {
			throw new \InvalidArgumentException( 'Must specify at least one date range.' );
		}
		if ( count( $ranges ) > 4 ) {
			throw new \InvalidArgumentException( 'Requests are limited to 4 dateRanges.' );
		}
		$groups  = $this->fixture( 'ga4-dimensions' )['core'];
		$non_day = array_values( array_diff( $dimensions, self::TIME_DIMENSIONS ) );
		$combos  = $this->combinations( $groups, $non_day, $request['dimensionFilter'] ?? null );
		$filters = self::filters_key( $request );
		$rows    = array();
		$totals  = array();
		foreach ( array_values( $ranges ) as $index => $range ) {
			$name = isset( $range['name'] ) && '' !== $range['name'] ? (string) $range['name'] : 'date_range_' . $index;
			$days = $this->days( (string) ( $range['startDate'] ?? '' ), (string) ( $range['endDate'] ?? '' ) );
			$sums = array_fill_keys( $metrics, 0 );
			foreach ( $combos as $combo ) {
				if ( ! self::filter_matches( $request['dimensionFilter'] ?? null, $combo ) ) {
					continue;
				}
				// Group the range's days by the row's time dimensions.
				$buckets = array();
				foreach ( $days as $position => $day ) {
					$values = array();
					foreach ( $dimensions as $dimension ) {
						$values[ $dimension ] = in_array( $dimension, self::TIME_DIMENSIONS, true ) ? self::time_value( $dimension, $day, $position ) : $combo[ $dimension ];
					}
					$bucket = implode( "\x1f", $values );
					if ( ! isset( $buckets[ $bucket ] ) ) {
						$buckets[ $bucket ] = array(
							'values' => $values,
							'days'   => array(),
						);
					}
					$buckets[ $bucket ]['days'][] = $day;
				}
				$non_day_key = implode( '|', array_map( static fn( $dimension ) => $combo[ $dimension ], $non_day ) );
				foreach ( $buckets as $bucket ) {
					$metric_values = array();
					foreach ( $metrics as $metric ) {
						$value           = $this->ga4_value( $property, $metric, $metric_types[ $metric ], $bucket['days'], $days, $non_day_key, array_values( $bucket['values'] ), $filters, $combo );
						$metric_values[] = $value;
						if ( $metric_types[ $metric ]['additive'] ) {
							$sums[ $metric ] += 'TYPE_CURRENCY' === $metric_types[ $metric ]['type'] ? (int) round( (float) $value * 100 ) : (int) $value;
						}
					}
					$dimension_values = array_values( $bucket['values'] );
					if ( count( $ranges ) > 1 ) {
						$dimension_values[] = $name;
					}
					$rows[] = array(
						'dimensionValues' => array_map( static fn( $value ) => array( 'value' => (string) $value ), $dimension_values ),
						'metricValues'    => array_map( static fn( $value ) => array( 'value' => $value ), $metric_values ),
					);
				}
			}
			if ( in_array( 'TOTAL', $request['metricAggregations'] ?? array(), true ) ) {
				$total_dimensions = array_fill( 0, count( $dimensions ), 'RESERVED_TOTAL' );
				if ( count( $ranges ) > 1 ) {
					$total_dimensions[] = $name;
				}
				$totals[] = array(
					'dimensionValues' => array_map( static fn( $value ) => array( 'value' => $value ), $total_dimensions ),
					'metricValues'    => array_map(
						function ( $metric ) use ( $metric_types, $sums, $property, $range, $filters ) {
							if ( ! $metric_types[ $metric ]['additive'] ) {
								return array( 'value' => $this->ratio_value( $metric_types[ $metric ]['type'], $property . '|' . $metric . '|' . ( $range['startDate'] ?? '' ) . '|' . ( $range['endDate'] ?? '' ) . '|RESERVED_TOTAL|' . $filters ) );
							}
							return array( 'value' => 'TYPE_CURRENCY' === $metric_types[ $metric ]['type'] ? self::cents( $sums[ $metric ] ) : (string) $sums[ $metric ] );
						},
						$metrics
					),
				);
			}
		}
		$headers   = count( $ranges ) > 1 ? array_merge( $dimensions, array( 'dateRange' ) ) : $dimensions;
		$rows      = self::order( $rows, $request['orderBys'] ?? array(), $headers, $metrics );
		$row_count = count( $rows );
		$offset    = max( 0, (int) ( $request['offset'] ?? 0 ) );
		$limit     = (int) ( $request['limit'] ?? 10000 );
		$limit     = $limit > 0 ? min( $limit, 250000 ) : 10000;
		$rows      = array_slice( $rows, $offset, $limit );

		$response = array(
			'dimensionHeaders' => array_map( static fn( $name ) => array( 'name' => $name ), $headers ),
			'metricHeaders'    => array_map(
				static fn( $metric ) => array(
					'name' => $metric,
					'type' => $metric_types[ $metric ]['type'],
				),
				$metrics
			),
		);
		if ( array() !== $rows ) {
			$response['rows'] = $rows;
		}
		if ( array() !== $totals ) {
			$response['totals'] = $totals;
		}
		$response['rowCount'] = $row_count;
		$response['metadata'] = array(
			'currencyCode' => 'USD',
			'timeZone'     => 'America/Los_Angeles',
		);
		$response['kind']     = 'analyticsData#runReport';
		return $response;
	}

	/**
	 * GA4 Data getMetadata: the dimensions and metrics a report may ask, the property's custom
	 * dimensions (those of fixtures/ga4-dimensions.json named customEvent:…, customUser:… or
	 * customItem:…) marked `customDefinition`.
	 *
	 * @param string $property The property id.
	 * @return array<string, mixed>
	 */
	public function metadata( string $property ): array {
		$names = array_merge( self::TIME_DIMENSIONS, array( 'hour' ) );
		foreach ( $this->fixture( 'ga4-dimensions' )['core'] as $group ) {
			$names = array_merge( $names, $group['dimensions'] );
		}
		$dimensions = array();
		foreach ( array_values( array_unique( $names ) ) as $name ) {
			$custom    = 1 === preg_match( '/^custom(Event|User|Item):/', $name );
			$dimension = array(
				'apiName'     => $name,
				'uiName'      => $custom ? (string) substr( $name, (int) strpos( $name, ':' ) + 1 ) : $name,
				'description' => $custom ? 'An event-scoped custom dimension.' : '',
				'category'    => $custom ? 'Custom' : 'Other',
			);
			if ( $custom ) {
				$dimension['customDefinition'] = true;
			}
			$dimensions[] = $dimension;
		}
		$metrics = array();
		foreach ( $this->fixture( 'ga4-metrics' ) as $name => $type ) {
			$metrics[] = array(
				'apiName'     => $name,
				'uiName'      => $name,
				'description' => '',
				'type'        => $type['type'],
				'category'    => 'Other',
			);
		}
		return array(
			'name'       => 'properties/' . $property . '/metadata',
			'dimensions' => $dimensions,
			'metrics'    => $metrics,
		);
	}

	/**
	 * A GA4 runRealtimeReport.
	 *
	 * @param string               $property The property id.
	 * @param array<string, mixed> $request  The RunRealtimeReportRequest.
	 * @return array<string, mixed>
	 * @throws \InvalidArgumentException An INVALID_ARGUMENT answer.
	 */
	public function run_realtime_report( string $property, array $request ): array {
		if ( isset( $request['dateRanges'] ) ) {
			throw new \InvalidArgumentException( 'Invalid JSON payload received. Unknown name "dateRanges": Cannot find field.' );
		}
		$fixture    = $this->fixture( 'ga4-dimensions' );
		$types      = $fixture['realtimeMetrics'];
		$dimensions = self::names( $request['dimensions'] ?? array(), 'dimension' );
		$metrics    = self::names( $request['metrics'] ?? array(), 'metric' );
		foreach ( $metrics as $metric ) {
			if ( ! isset( $types[ $metric ] ) ) {
				throw new \InvalidArgumentException( sprintf( 'Field %s is not a valid metric for realtime reports.', $metric ) );
			}
		}
		$ranges = $request['minuteRanges'] ?? array(
			array(
				'startMinutesAgo' => 29,
				'endMinutesAgo'   => 0,
			),
		);
		$groups = $fixture['realtime'];
		$other  = array_values( array_diff( $dimensions, array( 'minutesAgo' ) ) );
		$combos = $this->combinations( $groups, $other, $request['dimensionFilter'] ?? null );
		$rows   = array();
		foreach ( array_values( $ranges ) as $index => $range ) {
			$start = (int) ( $range['startMinutesAgo'] ?? 29 );
			$end   = (int) ( $range['endMinutesAgo'] ?? 0 );
			$name  = isset( $range['name'] ) ? (string) $range['name'] : 'date_range_' . $index;
			$slots = in_array( 'minutesAgo', $dimensions, true ) ? range( $end, $start ) : array( null );
			foreach ( $combos as $combo ) {
				if ( ! self::filter_matches( $request['dimensionFilter'] ?? null, $combo ) ) {
					continue;
				}
				foreach ( $slots as $minute ) {
					$values = array();
					foreach ( $dimensions as $dimension ) {
						$values[] = 'minutesAgo' === $dimension ? sprintf( '%02d', $minute ) : $combo[ $dimension ];
					}
					$when = null === $minute ? $start . '-' . $end : sprintf( '%02d', $minute );
					$key  = implode( '|', array_map( static fn( $dimension ) => $combo[ $dimension ], $other ) );
					if ( count( $ranges ) > 1 ) {
						$values[] = $name;
					}
					$rows[] = array(
						'dimensionValues' => array_map( static fn( $value ) => array( 'value' => (string) $value ), $values ),
						'metricValues'    => array_map( static fn( $metric ) => array( 'value' => (string) ( self::hash( $property . '|' . $metric . '|' . $when . '|' . $key ) % 50 ) ), $metrics ),
					);
				}
			}
		}
		$headers   = count( $ranges ) > 1 ? array_merge( $dimensions, array( 'dateRange' ) ) : $dimensions;
		$rows      = self::order( $rows, $request['orderBys'] ?? array(), $headers, $metrics );
		$row_count = count( $rows );
		// TOTAL: each metric summed over every row, before the limit.
		$totals = array();
		if ( in_array( 'TOTAL', $request['metricAggregations'] ?? array(), true ) ) {
			$totals[] = array(
				'dimensionValues' => array_map( static fn() => array( 'value' => 'RESERVED_TOTAL' ), $headers ),
				'metricValues'    => array_map(
					static fn( $column ) => array( 'value' => (string) array_sum( array_map( static fn( $row ) => (int) $row['metricValues'][ $column ]['value'], $rows ) ) ),
					array_keys( $metrics )
				),
			);
		}
		$limit    = (int) ( $request['limit'] ?? 10000 );
		$rows     = array_slice( $rows, 0, $limit > 0 ? $limit : 10000 );
		$response = array(
			'dimensionHeaders' => array_map( static fn( $name ) => array( 'name' => $name ), $headers ),
			'metricHeaders'    => array_map(
				static fn( $metric ) => array(
					'name' => $metric,
					'type' => $types[ $metric ],
				),
				$metrics
			),
		);
		if ( array() !== $rows ) {
			$response['rows'] = $rows;
		}
		if ( array() !== $totals ) {
			$response['totals'] = $totals;
		}
		$response['rowCount'] = $row_count;
		$response['kind']     = 'analyticsData#runRealtimeReport';
		return $response;
	}

	/**
	 * A GA4 runFunnelReport (v1alpha): the active users reaching each step of the funnel, by the
	 * breakdown dimension's values when one is asked (each value's steps, plus a RESERVED_TOTAL row
	 * per step summing every value's, before the breakdown's limit).
	 *
	 * A closed funnel's step k of value b over the (first) date range: step 1 has
	 * crc32("{property}|activeUsers|{start}|{end}|1. {name}|{b}") % 1000 users, each later step
	 * crc32(… "|{k}. {name}|{b}") % (the step before's users + 1), so never more than the step before
	 * ({b} is "" without a breakdown). An open funnel's steps are each % 1000.
	 *
	 * @param string               $property The property id.
	 * @param array<string, mixed> $request  The RunFunnelReportRequest.
	 * @return array<string, mixed>
	 * @throws \InvalidArgumentException An INVALID_ARGUMENT answer.
	 */
	public function run_funnel_report( string $property, array $request ): array {
		$steps = $request['funnel']['steps'] ?? null;
		if ( ! is_array( $steps ) || array() === $steps ) {
			throw new \InvalidArgumentException( 'A funnel needs at least one step.' );
		}
		$names = array();
		foreach ( array_values( $steps ) as $index => $step ) {
			if ( ! is_array( $step ) || ! isset( $step['name'] ) || ! is_string( $step['name'] ) || ! isset( $step['filterExpression'] ) || ! is_array( $step['filterExpression'] ) ) {
				throw new \InvalidArgumentException( 'Each funnel step needs a name and a filterExpression.' );
			}
			$names[] = ( $index + 1 ) . '. ' . $step['name'];
		}
		$ranges = $request['dateRanges'] ?? array();
		if ( ! is_array( $ranges ) || array() === $ranges ) {
			throw new \InvalidArgumentException( 'Must specify at least one date range.' );
		}
		$range     = array_values( $ranges )[0];
		$days      = $this->days( (string) ( $range['startDate'] ?? '' ), (string) ( $range['endDate'] ?? '' ) );
		$open      = ! empty( $request['funnel']['isOpenFunnel'] );
		$breakdown = $request['funnelBreakdown']['breakdownDimension']['name'] ?? null;
		$values    = array( '' );
		if ( null !== $breakdown ) {
			$values = array_map( static fn( $combo ) => $combo[ $breakdown ], $this->combinations( $this->fixture( 'ga4-dimensions' )['core'], array( (string) $breakdown ) ) );
		}
		$users = array();
		foreach ( $values as $value ) {
			$before = null;
			foreach ( $names as $name ) {
				$hash                     = self::hash( $property . '|activeUsers|' . $days[0] . '|' . $days[ count( $days ) - 1 ] . '|' . $name . '|' . $value );
				$count                    = $open || null === $before ? $hash % 1000 : ( $before > 0 ? $hash % ( $before + 1 ) : 0 );
				$users[ $value ][ $name ] = $count;
				$before                   = $count;
			}
		}
		$headers = array( 'funnelStepName' );
		$shown   = $values;
		if ( null !== $breakdown ) {
			$headers[] = (string) $breakdown;
			$limit     = (int) ( $request['funnelBreakdown']['limit'] ?? self::BREAKDOWN_LIMIT[0] );
			if ( $limit < 1 || $limit > self::BREAKDOWN_LIMIT[1] ) {
				throw new \InvalidArgumentException( 'funnelBreakdown.limit must be between 1 and 15.' );
			}
			usort( $shown, static fn( $a, $b ) => array( $users[ $b ][ $names[0] ], $a ) <=> array( $users[ $a ][ $names[0] ], $b ) );
			$shown = array_slice( $shown, 0, $limit );
		}
		$rows = array();
		foreach ( $names as $index => $name ) {
			$lines = array();
			if ( null !== $breakdown ) {
				$lines['RESERVED_TOTAL'] = array_map( static fn( $value ) => $users[ $value ], $values );
			}
			foreach ( $shown as $value ) {
				$lines[ $value ] = array( $users[ $value ] );
			}
			foreach ( $lines as $value => $sources ) {
				$count = 0;
				$next  = 0;
				foreach ( $sources as $counts ) {
					$count += $counts[ $name ];
					$next  += isset( $names[ $index + 1 ] ) ? $counts[ $names[ $index + 1 ] ] : 0;
				}
				$abandoned = isset( $names[ $index + 1 ] ) ? $count - $next : $count;
				$rows[]    = array(
					'dimensionValues' => array_map( static fn( $v ) => array( 'value' => (string) $v ), null === $breakdown ? array( $name ) : array( $name, $value ) ),
					'metricValues'    => array(
						array( 'value' => (string) $count ),
						array( 'value' => (string) ( $count > 0 ? ( $count - $abandoned ) / $count : 0 ) ),
						array( 'value' => (string) $abandoned ),
						array( 'value' => (string) ( $count > 0 ? $abandoned / $count : 0 ) ),
					),
				);
			}
		}
		$metric_headers = array(
			array(
				'name' => 'activeUsers',
				'type' => 'TYPE_INTEGER',
			),
			array(
				'name' => 'funnelStepCompletionRate',
				'type' => 'TYPE_INTEGER',
			),
			array(
				'name' => 'funnelStepAbandonments',
				'type' => 'TYPE_INTEGER',
			),
			array(
				'name' => 'funnelStepAbandonmentRate',
				'type' => 'TYPE_INTEGER',
			),
		);
		$table          = array(
			'dimensionHeaders' => array_map( static fn( $h ) => array( 'name' => $h ), $headers ),
			'metricHeaders'    => $metric_headers,
			'rows'             => $rows,
			'metadata'         => array( 'samplingMetadatas' => array() ),
		);
		return array(
			'funnelTable'         => $table,
			'funnelVisualization' => array(
				'dimensionHeaders' => array( array( 'name' => 'funnelStepName' ) ),
				'metricHeaders'    => array( $metric_headers[0] ),
				'rows'             => array_values(
					array_map(
						static fn( $name ) => array(
							'dimensionValues' => array( array( 'value' => $name ) ),
							'metricValues'    => array( array( 'value' => (string) array_sum( array_map( static fn( $value ) => $users[ $value ][ $name ], $values ) ) ) ),
						),
						$names
					)
				),
			),
			'kind'                => 'analyticsData#runFunnelReport',
		);
	}

	/**
	 * A Search Console searchAnalytics.query.
	 *
	 * @param string               $site    The siteUrl.
	 * @param array<string, mixed> $request The request body.
	 * @return array<string, mixed>
	 * @throws \InvalidArgumentException An INVALID_ARGUMENT answer.
	 */
	public function search_analytics( string $site, array $request ): array {
		if ( ! isset( $request['startDate'], $request['endDate'] ) ) {
			throw new \InvalidArgumentException( 'startDate and endDate are required.' );
		}
		$vocabulary = $this->fixture( 'searchconsole' );
		$dimensions = is_array( $request['dimensions'] ?? null ) ? array_values( $request['dimensions'] ) : array();
		$days       = $this->days( (string) $request['startDate'], (string) $request['endDate'] );
		$combos     = array( array() );
		foreach ( $dimensions as $dimension ) {
			if ( 'date' === $dimension ) {
				continue;
			}
			if ( ! isset( $vocabulary[ $dimension ] ) ) {
				throw new \InvalidArgumentException( sprintf( "Invalid value at 'dimensions' (%s).", $dimension ) );
			}
			$next = array();
			foreach ( $combos as $combo ) {
				foreach ( $vocabulary[ $dimension ] as $value ) {
					$next[] = $combo + array( $dimension => $value );
				}
			}
			$combos = $next;
		}
		$rows = array();
		foreach ( $combos as $combo ) {
			$buckets = array();
			foreach ( $days as $day ) {
				$keys = array();
				foreach ( $dimensions as $dimension ) {
					$keys[] = 'date' === $dimension ? $day : $combo[ $dimension ];
				}
				$buckets[ implode( "\x1f", $keys ) ]['keys']   = $keys;
				$buckets[ implode( "\x1f", $keys ) ]['days'][] = $day;
			}
			foreach ( $buckets as $bucket ) {
				$key         = implode( '|', $bucket['keys'] );
				$clicks      = 0;
				$impressions = 0;
				foreach ( $bucket['days'] as $day ) {
					$day_clicks   = self::hash( $site . '|clicks|' . $day . '|' . $key ) % 50;
					$clicks      += $day_clicks;
					$impressions += $day_clicks + 1 + self::hash( $site . '|impressions|' . $day . '|' . $key ) % 500;
				}
				$row = array();
				if ( array() !== $dimensions ) {
					$row['keys'] = $bucket['keys'];
				}
				$row['clicks']      = $clicks;
				$row['impressions'] = $impressions;
				$row['ctr']         = $clicks / $impressions;
				$row['position']    = 1 + ( self::hash( $site . '|position|' . $request['startDate'] . '|' . $request['endDate'] . '|' . $key ) % 400 ) / 10;
				$rows[]             = $row;
			}
		}
		usort(
			$rows,
			static function ( array $a, array $b ): int {
				return array( $b['clicks'], $a['keys'] ?? array() ) <=> array( $a['clicks'], $b['keys'] ?? array() );
			}
		);
		$limit    = (int) ( $request['rowLimit'] ?? 1000 );
		$rows     = array_slice( $rows, max( 0, (int) ( $request['startRow'] ?? 0 ) ), $limit > 0 ? min( $limit, 25000 ) : 1000 );
		$response = array();
		if ( array() !== $rows ) {
			$response['rows'] = $rows;
		}
		$response['responseAggregationType'] = in_array( 'page', $dimensions, true ) ? 'byPage' : 'byProperty';
		return $response;
	}

	/**
	 * The names of a request's dimensions or metrics.
	 *
	 * @param mixed  $items The request's list.
	 * @param string $what "dimension" or "metric".
	 * @return string[]
	 * @throws \InvalidArgumentException On a malformed list, or dateRange asked for.
	 */
	private static function names( $items, string $what ): array {
		if ( ! is_array( $items ) ) {
			throw new \InvalidArgumentException( sprintf( 'Invalid %ss.', $what ) );
		}
		$names = array();
		foreach ( $items as $item ) {
			if ( ! is_array( $item ) || ! isset( $item['name'] ) || ! is_string( $item['name'] ) ) {
				throw new \InvalidArgumentException( sprintf( 'Invalid %s: each needs a name.', $what ) );
			}
			if ( 'dimension' === $what && 'dateRange' === $item['name'] ) {
				throw new \InvalidArgumentException( 'Field dateRange is not a valid dimension. dateRange is added to the response when more than one date range is requested.' );
			}
			$names[] = $item['name'];
		}
		return $names;
	}

	/**
	 * Every combination of values of the dimensions; the dimensions of one fixture group come in rows.
	 * A filter is applied to the whole fixture rows, so it also filters by a dimension of a
	 * requested one's group that is not requested (sessionMedium when only sessionSource is asked);
	 * a filter on a dimension of another group passes every row.
	 *
	 * @param array<int, array{dimensions: string[], rows: string[][]}> $groups     The fixture groups.
	 * @param string[]                                                  $dimensions The dimensions.
	 * @param mixed                                                     $filter     The dimensionFilter, or null.
	 * @return array<int, array<string, string>>
	 * @throws \InvalidArgumentException On an unknown dimension.
	 */
	private function combinations( array $groups, array $dimensions, $filter = null ): array {
		$combos = array( array() );
		$used   = array();
		foreach ( $dimensions as $dimension ) {
			if ( 'hour' === $dimension ) {
				$next = array();
				foreach ( $combos as $combo ) {
					for ( $hour = 0; $hour < 24; $hour++ ) {
						$next[] = $combo + array( 'hour' => sprintf( '%02d', $hour ) );
					}
				}
				$combos = $next;
				continue;
			}
			$found = null;
			foreach ( $groups as $index => $group ) {
				if ( in_array( $dimension, $group['dimensions'], true ) ) {
					$found = $index;
					break;
				}
			}
			if ( null === $found ) {
				throw new \InvalidArgumentException( sprintf( 'Field %s is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema', $dimension ) );
			}
			if ( isset( $used[ $found ] ) ) {
				continue;
			}
			$used[ $found ] = true;
			$next           = array();
			$group          = $groups[ $found ];
			foreach ( $combos as $combo ) {
				foreach ( $group['rows'] as $row ) {
					$next[] = $combo + array_combine( $group['dimensions'], $row );
				}
			}
			$combos = $next;
		}
		// One row per distinct value of the requested dimensions (of the rows the filter keeps).
		$distinct = array();
		foreach ( $combos as $combo ) {
			if ( ! self::filter_matches( $filter, $combo ) ) {
				continue;
			}
			$picked = array();
			foreach ( $dimensions as $dimension ) {
				$picked[ $dimension ] = $combo[ $dimension ];
			}
			$distinct[ implode( "\x1f", $picked ) ] = $picked;
		}
		return array_values( $distinct );
	}

	/**
	 * The days of a range, Y-m-d, oldest first.
	 *
	 * @param string $start startDate (YYYY-MM-DD, today, yesterday or NdaysAgo).
	 * @param string $end   endDate.
	 * @return string[]
	 * @throws \InvalidArgumentException On a malformed or reversed range, or one over 5 years.
	 */
	private function days( string $start, string $end ): array {
		$first = $this->date( $start );
		$last  = $this->date( $end );
		if ( $first > $last ) {
			throw new \InvalidArgumentException( sprintf( 'Invalid date range: startDate %s is after endDate %s.', $start, $end ) );
		}
		if ( $first < (int) strtotime( self::EARLIEST . ' 00:00:00 UTC' ) ) {
			throw new \InvalidArgumentException( sprintf( 'Invalid date range: startDate %s is before %s, the earliest date the API answers.', $start, self::EARLIEST ) );
		}
		$days = array();
		for ( $day = $first; $day <= $last; $day += 86400 ) {
			$days[] = gmdate( 'Y-m-d', $day );
			if ( count( $days ) > 7400 ) {
				throw new \InvalidArgumentException( 'Date ranges are limited to twenty years in this fake.' );
			}
		}
		return $days;
	}

	/**
	 * A request date as a UTC midnight timestamp.
	 *
	 * @param string $date The date.
	 * @throws \InvalidArgumentException When it is none.
	 */
	private function date( string $date ): int {
		$today = (int) strtotime( $this->today . ' 00:00:00 UTC' );
		if ( 'today' === $date ) {
			return $today;
		}
		if ( 'yesterday' === $date ) {
			return $today - 86400;
		}
		if ( preg_match( '/^(\d+)daysAgo$/', $date, $match ) ) {
			return $today - 86400 * (int) $match[1];
		}
		if ( preg_match( '/^\d{4}-\d{2}-\d{2}$/', $date ) && false !== strtotime( $date . ' 00:00:00 UTC' ) ) {
			return (int) strtotime( $date . ' 00:00:00 UTC' );
		}
		throw new \InvalidArgumentException( sprintf( 'Invalid date: %s. Dates are YYYY-MM-DD, NdaysAgo, yesterday or today.', $date ) );
	}

	/**
	 * A time dimension's value for a day.
	 *
	 * @param string $dimension The dimension.
	 * @param string $day       Y-m-d.
	 * @param int    $position  The day's index in its range.
	 */
	private static function time_value( string $dimension, string $day, int $position ): string {
		$time = (int) strtotime( $day . ' 00:00:00 UTC' );
		switch ( $dimension ) {
			case 'date':
				return gmdate( 'Ymd', $time );
			case 'yearMonth':
				return gmdate( 'Ym', $time );
			case 'year':
				return gmdate( 'Y', $time );
			case 'month':
				return gmdate( 'm', $time );
			case 'dayOfWeek':
				return gmdate( 'w', $time );
			case 'dayOfWeekName':
				return self::DAY_NAMES[ (int) gmdate( 'w', $time ) ];
			default:
				return sprintf( '%04d', $position );
		}
	}

	/**
	 * One GA4 metric value of a row.
	 *
	 * @param string                              $property    The property.
	 * @param string                              $metric      The metric.
	 * @param array{type: string, additive: bool} $type        Its fixture entry.
	 * @param string[]                            $row_days    The row's days.
	 * @param string[]                            $range_days  The range's days.
	 * @param string                              $non_day_key The row's values of non-time dimensions, joined.
	 * @param array<int, string>                  $values      All the row's values.
	 * @param string                              $filters     The filters' key.
	 * @param array<string, string>               $combo       The row's values of its non-time dimensions, by dimension.
	 */
	private function ga4_value( string $property, string $metric, array $type, array $row_days, array $range_days, string $non_day_key, array $values, string $filters, array $combo = array() ): string {
		if ( $type['additive'] ) {
			$sum = 0;
			foreach ( $row_days as $day ) {
				$hash = self::hash( $property . '|' . $metric . '|' . $day . '|' . $non_day_key . '|' . $filters );
				if ( $this->steady ) {
					$number = 'TYPE_CURRENCY' === $type['type'] ? 45000 + $hash % 10000 : 450 + $hash % 100;
				} else {
					$number = 'TYPE_CURRENCY' === $type['type'] ? $hash % 100000 : $hash % 1000;
				}
				$sum += max( 0, $number + ( 'TYPE_CURRENCY' === $type['type'] ? 100 : 1 ) * $this->spike( $metric, $day, $combo ) );
			}
			return 'TYPE_CURRENCY' === $type['type'] ? self::cents( $sum ) : (string) $sum;
		}
		$key = $property . '|' . $metric . '|' . $range_days[0] . '|' . $range_days[ count( $range_days ) - 1 ] . '|' . implode( '|', $values ) . '|' . $filters;
		return $this->ratio_value( $type['type'], $key );
	}

	/**
	 * What the planted spikes add to an additive metric on a day of a row: those of the metric and
	 * the day whose dimension the row has with the spike's value, and those without a dimension.
	 *
	 * @param string                $metric The metric.
	 * @param string                $day    The day, Y-m-d.
	 * @param array<string, string> $combo  The row's values of its non-time dimensions.
	 */
	private function spike( string $metric, string $day, array $combo ): int {
		$add = 0;
		foreach ( $this->spikes as $spike ) {
			if ( $spike['metric'] !== $metric || $spike['date'] !== $day ) {
				continue;
			}
			if ( isset( $spike['dimension'] ) && ( $combo[ $spike['dimension'] ] ?? null ) !== $spike['value'] ) {
				continue;
			}
			$add += (int) $spike['add'];
		}
		return $add;
	}

	/**
	 * A non-additive value.
	 *
	 * @param string $type The metric type.
	 * @param string $key  The key.
	 */
	private function ratio_value( string $type, string $key ): string {
		$hash = self::hash( $key );
		if ( 'TYPE_SECONDS' === $type ) {
			return (string) ( ( $hash % 600000 ) / 1000 );
		}
		if ( 'TYPE_CURRENCY' === $type ) {
			return self::cents( $hash % 10000 );
		}
		if ( $this->steady ) {
			return (string) ( ( 4500 + $hash % 1000 ) / 10000 );
		}
		return (string) ( ( $hash % 10000 ) / 10000 );
	}

	/**
	 * Cents as the API writes an amount.
	 *
	 * @param int $cents Cents.
	 */
	private static function cents( int $cents ): string {
		return (string) ( $cents / 100 );
	}

	/**
	 * The key of a request's filters.
	 *
	 * @param array<string, mixed> $request The request.
	 */
	private static function filters_key( array $request ): string {
		$filters = array_filter(
			array(
				'dimensionFilter' => $request['dimensionFilter'] ?? null,
				'metricFilter'    => $request['metricFilter'] ?? null,
			)
		);
		return array() === $filters ? '' : (string) json_encode( $filters, JSON_UNESCAPED_SLASHES );
	}

	/**
	 * Whether a row passes a FilterExpression; a filter on a dimension the row does not hold passes.
	 *
	 * @param mixed                 $expression The FilterExpression.
	 * @param array<string, string> $row        The row's values by dimension.
	 */
	private static function filter_matches( $expression, array $row ): bool {
		$result = self::evaluate( $expression, $row );
		return false !== $result;
	}

	/**
	 * Evaluates a FilterExpression: null when it cannot be told on this row.
	 *
	 * @param mixed                 $expression The FilterExpression.
	 * @param array<string, string> $row        The row.
	 */
	private static function evaluate( $expression, array $row ): ?bool {
		if ( ! is_array( $expression ) ) {
			return null;
		}
		if ( isset( $expression['andGroup']['expressions'] ) ) {
			foreach ( $expression['andGroup']['expressions'] as $inner ) {
				if ( false === self::evaluate( $inner, $row ) ) {
					return false;
				}
			}
			return true;
		}
		if ( isset( $expression['orGroup']['expressions'] ) ) {
			$known = false;
			foreach ( $expression['orGroup']['expressions'] as $inner ) {
				$result = self::evaluate( $inner, $row );
				if ( true === $result ) {
					return true;
				}
				$known = $known || null !== $result;
			}
			return $known ? false : null;
		}
		if ( isset( $expression['notExpression'] ) ) {
			$result = self::evaluate( $expression['notExpression'], $row );
			return null === $result ? null : ! $result;
		}
		$filter = $expression['filter'] ?? null;
		if ( ! is_array( $filter ) || ! isset( $filter['fieldName'], $row[ $filter['fieldName'] ] ) ) {
			return null;
		}
		$value = $row[ $filter['fieldName'] ];
		if ( isset( $filter['inListFilter']['values'] ) ) {
			return in_array( $value, $filter['inListFilter']['values'], true );
		}
		if ( isset( $filter['stringFilter'] ) ) {
			$string = $filter['stringFilter'];
			$wanted = (string) ( $string['value'] ?? '' );
			if ( empty( $string['caseSensitive'] ) ) {
				$value  = strtolower( $value );
				$wanted = strtolower( $wanted );
			}
			switch ( $string['matchType'] ?? 'EXACT' ) {
				case 'BEGINS_WITH':
					return str_starts_with( $value, $wanted );
				case 'ENDS_WITH':
					return str_ends_with( $value, $wanted );
				case 'CONTAINS':
					return str_contains( $value, $wanted );
				case 'FULL_REGEXP':
					return 1 === preg_match( '/^(?:' . str_replace( '/', '\/', $wanted ) . ')$/', $value );
				case 'PARTIAL_REGEXP':
					return 1 === preg_match( '/' . str_replace( '/', '\/', $wanted ) . '/', $value );
				default:
					return $value === $wanted;
			}
		}
		return null;
	}

	/**
	 * Sorts rows by the request's orderBys (in their order), else keeps them as made.
	 *
	 * @param array<int, array<string, mixed>> $rows       The rows.
	 * @param mixed                            $order_bys  The orderBys.
	 * @param string[]                         $dimensions The dimension headers.
	 * @param string[]                         $metrics    The metrics.
	 * @return array<int, array<string, mixed>>
	 */
	private static function order( array $rows, $order_bys, array $dimensions, array $metrics ): array {
		if ( ! is_array( $order_bys ) || array() === $order_bys ) {
			return $rows;
		}
		$indexed = array();
		foreach ( $rows as $index => $row ) {
			$indexed[] = array( $index, $row );
		}
		usort(
			$indexed,
			static function ( array $a, array $b ) use ( $order_bys, $dimensions, $metrics ): int {
				foreach ( $order_bys as $order ) {
					$desc = ! empty( $order['desc'] );
					if ( isset( $order['metric']['metricName'] ) ) {
						$column = array_search( $order['metric']['metricName'], $metrics, true );
						if ( false === $column ) {
							continue;
						}
						$compare = (float) $a[1]['metricValues'][ $column ]['value'] <=> (float) $b[1]['metricValues'][ $column ]['value'];
					} elseif ( isset( $order['dimension']['dimensionName'] ) ) {
						$column = array_search( $order['dimension']['dimensionName'], $dimensions, true );
						if ( false === $column ) {
							continue;
						}
						$left    = $a[1]['dimensionValues'][ $column ]['value'];
						$right   = $b[1]['dimensionValues'][ $column ]['value'];
						$compare = 'NUMERIC' === ( $order['dimension']['orderType'] ?? '' ) ? (float) $left <=> (float) $right : strcmp( $left, $right );
					} else {
						continue;
					}
					if ( 0 !== $compare ) {
						return $desc ? -$compare : $compare;
					}
				}
				return $a[0] <=> $b[0];
			}
		);
		return array_map( static fn( $pair ) => $pair[1], $indexed );
	}
}
