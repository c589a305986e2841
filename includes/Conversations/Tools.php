<?php
/**
 * Conversations AI: the read-only tools the model may call.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Conversations;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\InvalidDateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\Google\GoogleError;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The three tools of the model (docs/product-rules.md#conversations-ai), all read-only:
 *
 * - `run_query` runs one Query (Query\Query: metrics by dimensions over a range, filters, an order
 *   and a limit) through the active source, as the reports do, and answers its aggregated numbers
 *   only: totals and rows of dimension values with their metrics (and the same for the previous
 *   period with `compare`). Its `chart` argument asks the answer to show the rows as a chart.
 * - `list_names` answers the metric, dimension and report names (Catalog).
 * - `get_today` answers the site's today, weekday and time zone.
 *
 * A call the tools cannot run (arguments that are not a JSON object, an unknown argument, metric
 * or dimension, a date that is not a real YYYY-MM-DD day of the allowed range, a limit out of
 * range, an unknown tool, a combination the source cannot answer) answers `{"error": "…"}` with a
 * readable reason naming the valid values, so the model can correct its call.
 */
final class Tools {

	public const RUN_QUERY  = 'run_query';
	public const LIST_NAMES = 'list_names';
	public const GET_TODAY  = 'get_today';

	/**
	 * The tools' names.
	 */
	public const NAMES = array( self::RUN_QUERY, self::LIST_NAMES, self::GET_TODAY );

	/**
	 * Limits of run_query's arguments.
	 */
	public const MAX_METRICS    = 10;
	public const MAX_DIMENSIONS = 3;
	public const MAX_LIMIT      = 50;
	public const DEFAULT_LIMIT  = 10;

	/**
	 * The chart types run_query's `chart` may ask for.
	 */
	public const CHARTS = array( 'pie', 'donut', 'bar' );

	/**
	 * The filter operators.
	 */
	public const OPERATORS = array( Filter::EXACT, Filter::CONTAINS, Filter::BEGINS_WITH, Filter::IN_LIST );

	/**
	 * The arguments run_query knows.
	 */
	private const RUN_QUERY_ARGS = array( 'metrics', 'dimensions', 'start_date', 'end_date', 'compare', 'filters', 'order_by', 'limit', 'chart' );

	/**
	 * The tools over a source.
	 *
	 * @param Source|null        $source The active source; null when none is chosen.
	 * @param \DateTimeImmutable $now    The current time, in the site's time zone.
	 */
	public function __construct( private ?Source $source, private \DateTimeImmutable $now ) {
	}

	/**
	 * The tools as the OpenAI chat-completions API describes them.
	 *
	 * @return list<array{type: string, function: array{name: string, description: string, parameters: array<string, mixed>}}>
	 */
	public static function definitions(): array {
		$none = array(
			'type'                 => 'object',
			'properties'           => new \stdClass(),
			'additionalProperties' => false,
		);
		$date = static fn( string $description ): array => array(
			'type'        => 'string',
			'pattern'     => '^\d{4}-\d{2}-\d{2}$',
			'description' => $description,
		);
		return array(
			self::tool(
				self::RUN_QUERY,
				'Runs one analytics query on the site\'s data and answers aggregated numbers: {start_date, end_date, totals: {metric: number}, rows: [{dimensions: {...}, metrics: {...}}], compare?: {...}}. Use list_names for the names. Set chart to show the rows to the user as a chart.',
				array(
					'type'                 => 'object',
					'properties'           => array(
						'metrics'    => array(
							'type'        => 'array',
							'items'       => array(
								'type' => 'string',
								'enum' => Metric::all(),
							),
							'minItems'    => 1,
							'maxItems'    => self::MAX_METRICS,
							'description' => 'The metrics, e.g. ["sessions"].',
						),
						'dimensions' => array(
							'type'        => 'array',
							'items'       => array(
								'type' => 'string',
								'enum' => Dimension::all(),
							),
							'maxItems'    => self::MAX_DIMENSIONS,
							'description' => 'The dimensions to break the metrics down by; none for the totals only.',
						),
						'start_date' => $date( 'The first day, YYYY-MM-DD, in the site\'s time zone.' ),
						'end_date'   => $date( 'The last day (inclusive), YYYY-MM-DD, not after today.' ),
						'compare'    => array(
							'type'        => 'boolean',
							'description' => 'Also answer the previous period of the same length.',
						),
						'filters'    => array(
							'type'        => 'array',
							'description' => 'Rows must match every filter.',
							'items'       => array(
								'type'                 => 'object',
								'properties'           => array(
									'dimension' => array(
										'type' => 'string',
										'enum' => Dimension::all(),
									),
									'operator'  => array(
										'type' => 'string',
										'enum' => self::OPERATORS,
									),
									'value'     => array(
										'anyOf' => array(
											array( 'type' => 'string' ),
											array(
												'type'  => 'array',
												'items' => array( 'type' => 'string' ),
											),
										),
									),
								),
								'required'             => array( 'dimension', 'operator', 'value' ),
								'additionalProperties' => false,
							),
						),
						'order_by'   => array(
							'type'        => 'string',
							'description' => 'A metric among metrics: the rows largest first.',
						),
						'limit'      => array(
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => self::MAX_LIMIT,
							'description' => 'The most rows (default 10).',
						),
						'chart'      => array(
							'type'        => 'string',
							'enum'        => self::CHARTS,
							'description' => 'Show the rows of the first metric to the user as this chart.',
						),
					),
					'required'             => array( 'metrics', 'start_date', 'end_date' ),
					'additionalProperties' => false,
				)
			),
			self::tool( self::LIST_NAMES, 'Lists the metric, dimension and report names with their descriptions.', $none ),
			self::tool( self::GET_TODAY, 'Answers today\'s date, weekday and time zone of the site.', $none ),
		);
	}

	/**
	 * One tool definition.
	 *
	 * @param string               $name        Its name.
	 * @param string               $description What it does, for the model.
	 * @param array<string, mixed> $parameters  The JSON schema of its arguments.
	 * @return array{type: string, function: array{name: string, description: string, parameters: array<string, mixed>}}
	 */
	private static function tool( string $name, string $description, array $parameters ): array {
		return array(
			'type'     => 'function',
			'function' => array(
				'name'        => $name,
				'description' => $description,
				'parameters'  => $parameters,
			),
		);
	}

	/**
	 * Runs one tool call.
	 *
	 * @param string $name      The tool's name.
	 * @param string $arguments Its arguments, a JSON object as the model wrote it.
	 * @return array{content: string, chart: array{type: string, seriesName: string, data: list<array{value: int|float, label: string}>}|null}
	 *         The tool message's content (JSON) and, for a run_query call with a chart that ran,
	 *         its chart.
	 */
	public function call( string $name, string $arguments ): array {
		$chart = null;
		if ( ! in_array( $name, self::NAMES, true ) ) {
			$answer = self::error(
				sprintf(
					/* translators: 1: the tool's name, 2: the valid names. */
					__( 'Unknown tool “%1$s”. The tools are: %2$s.', 'monsterinsights-reports' ),
					$name,
					implode( ', ', self::NAMES )
				)
			);
		} else {
			$args = self::decode( $arguments );
			if ( is_string( $args ) ) {
				$answer = self::error( $args );
			} elseif ( self::LIST_NAMES === $name ) {
				$answer = Catalog::names();
			} elseif ( self::GET_TODAY === $name ) {
				$answer = $this->today();
			} else {
				$answer = $this->run_query( $args );
				if ( isset( $answer['chart'] ) ) {
					$chart = $answer['chart'];
					unset( $answer['chart'] );
				}
			}
		}
		return array(
			'content' => (string) wp_json_encode( $answer, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ),
			'chart'   => $chart,
		);
	}

	/**
	 * The site's today.
	 *
	 * @return array{date: string, weekday: string, timezone: string}
	 */
	public function today(): array {
		return array(
			'date'     => $this->now->format( 'Y-m-d' ),
			'weekday'  => $this->now->format( 'l' ),
			'timezone' => $this->now->getTimezone()->getName(),
		);
	}

	/**
	 * Decodes a call's arguments: a JSON object ('' and null are no arguments).
	 *
	 * @param string $arguments The JSON.
	 * @return array<string, mixed>|string The arguments, or why they cannot be read.
	 */
	private static function decode( string $arguments ) {
		if ( '' === trim( $arguments ) ) {
			return array();
		}
		$args = json_decode( $arguments, true );
		if ( null === $args && 'null' === trim( $arguments ) ) {
			return array();
		}
		if ( ! is_array( $args ) || ( array() !== $args && array_is_list( $args ) ) ) {
			return sprintf(
				/* translators: %s: why the JSON could not be read. */
				__( 'The arguments must be a JSON object (%s).', 'monsterinsights-reports' ),
				JSON_ERROR_NONE === json_last_error() ? __( 'this is not an object', 'monsterinsights-reports' ) : json_last_error_msg()
			);
		}
		return $args;
	}

	/**
	 * A tool answer that says what went wrong.
	 *
	 * @param string $message The reason.
	 * @return array{error: string}
	 */
	private static function error( string $message ): array {
		return array( 'error' => $message );
	}

	/**
	 * Runs run_query.
	 *
	 * @param array<string, mixed> $args The arguments.
	 * @return array<string, mixed> The answer, with `chart` when one was asked for; or an error.
	 */
	private function run_query( array $args ): array {
		$parsed = $this->parse( $args );
		if ( is_string( $parsed ) ) {
			return self::error( $parsed );
		}
		if ( null === $this->source || ! $this->source->is_connected() ) {
			return self::error( __( 'No data source is connected to the reports, so there are no numbers to query.', 'monsterinsights-reports' ) );
		}
		$query = $parsed['query'];
		try {
			$result = $this->source->run( $query );
		} catch ( GoogleError $e ) {
			return self::error( $e->message_text() );
		} catch ( \InvalidArgumentException $e ) {
			return self::error(
				sprintf(
					/* translators: %s: the source's reason. */
					__( 'The data source cannot answer this combination of metrics and dimensions: %s', 'monsterinsights-reports' ),
					$e->getMessage()
				)
			);
		}
		$answer = self::result( $query->range, $result, $query->dimensions, $query->metrics, $query->limit );
		if ( null !== $query->compare && null !== $result->compare ) {
			$answer['compare'] = self::result( $query->compare, $result->compare, $query->dimensions, $query->metrics, $query->limit );
		}
		if ( null !== $parsed['chart'] ) {
			$answer['chart'] = Chart::from_rows( $parsed['chart'], $query->metrics[0], $query->dimensions, $answer['totals'], $answer['rows'] );
		}
		return $answer;
	}

	/**
	 * A result as the tool answers it: only the metrics asked for, numbers rounded to 2 decimals.
	 *
	 * @param DateRange $range      Its range.
	 * @param Result    $result     The source's result.
	 * @param string[]  $dimensions The dimensions asked for.
	 * @param string[]  $metrics    The metrics asked for.
	 * @param int       $limit      The most rows.
	 * @return array{start_date: string, end_date: string, totals: array<string, int|float>, rows: list<array{dimensions: array<string, string>, metrics: array<string, int|float>}>}
	 */
	private static function result( DateRange $range, Result $result, array $dimensions, array $metrics, int $limit ): array {
		$numbers = static function ( array $values ) use ( $metrics ): array {
			$out = array();
			foreach ( $metrics as $metric ) {
				$out[ $metric ] = self::number( $values[ $metric ] ?? 0 );
			}
			return $out;
		};
		$rows    = array();
		if ( array() !== $dimensions ) {
			foreach ( array_slice( $result->rows, 0, $limit ) as $row ) {
				$values = array();
				foreach ( $dimensions as $dimension ) {
					$values[ $dimension ] = (string) ( $row['dimensions'][ $dimension ] ?? '' );
				}
				$rows[] = array(
					'dimensions' => $values,
					'metrics'    => $numbers( $row['metrics'] ),
				);
			}
		}
		return array(
			'start_date' => $range->start_ymd(),
			'end_date'   => $range->end_ymd(),
			'totals'     => $numbers( $result->totals ),
			'rows'       => $rows,
		);
	}

	/**
	 * A metric's value: an integer as such, a fraction rounded to 2 decimals.
	 *
	 * @param mixed $value The value.
	 */
	private static function number( $value ): int|float {
		if ( is_int( $value ) ) {
			return $value;
		}
		$number = round( (float) $value, 2 );
		return floor( $number ) === $number && abs( $number ) < PHP_INT_MAX ? (int) $number : $number;
	}

	/**
	 * Checks run_query's arguments and builds its Query.
	 *
	 * @param array<string, mixed> $args The arguments.
	 * @return array{query: Query, chart: string|null}|string The query and the chart type, or what is wrong.
	 */
	public function parse( array $args ) {
		$unknown = array_diff( array_keys( $args ), self::RUN_QUERY_ARGS );
		if ( array() !== $unknown ) {
			return sprintf(
				/* translators: 1: the unknown arguments, 2: the valid ones. */
				__( 'Unknown argument “%1$s”. The arguments are: %2$s.', 'monsterinsights-reports' ),
				implode( '”, “', array_map( 'strval', $unknown ) ),
				implode( ', ', self::RUN_QUERY_ARGS )
			);
		}
		$metrics = self::names( $args, 'metrics', Metric::all(), 1, self::MAX_METRICS );
		if ( is_string( $metrics ) ) {
			return $metrics;
		}
		$dimensions = self::names( $args, 'dimensions', Dimension::all(), 0, self::MAX_DIMENSIONS );
		if ( is_string( $dimensions ) ) {
			return $dimensions;
		}
		$range = $this->range( $args );
		if ( is_string( $range ) ) {
			return $range;
		}
		if ( isset( $args['compare'] ) && ! is_bool( $args['compare'] ) ) {
			return __( 'compare must be true or false.', 'monsterinsights-reports' );
		}
		$filters = self::filters( $args['filters'] ?? array() );
		if ( is_string( $filters ) ) {
			return $filters;
		}
		foreach ( $filters as $filter ) {
			// Every source filters the rows of the query's own dimensions.
			if ( ! in_array( $filter->dimension, $dimensions, true ) ) {
				return sprintf(
					/* translators: %s: the filter's dimension. */
					__( 'A filter’s dimension must also be one of the query’s dimensions: add “%s” to dimensions.', 'monsterinsights-reports' ),
					$filter->dimension
				);
			}
		}
		$order_by = $args['order_by'] ?? null;
		if ( null !== $order_by && ( ! is_string( $order_by ) || ! in_array( $order_by, $metrics, true ) ) ) {
			return sprintf(
				/* translators: 1: the value given, 2: the metrics of the query. */
				__( 'order_by “%1$s” must be one of the query’s metrics: %2$s.', 'monsterinsights-reports' ),
				is_scalar( $order_by ) ? (string) $order_by : (string) wp_json_encode( $order_by ),
				implode( ', ', $metrics )
			);
		}
		$limit = $args['limit'] ?? self::DEFAULT_LIMIT;
		if ( is_float( $limit ) && floor( $limit ) === $limit ) {
			$limit = (int) $limit;
		}
		if ( ! is_int( $limit ) || $limit < 1 || $limit > self::MAX_LIMIT ) {
			return sprintf(
				/* translators: 1: the value given, 2: the largest limit. */
				__( 'limit %1$s is out of range: it must be a whole number from 1 to %2$d.', 'monsterinsights-reports' ),
				(string) wp_json_encode( $limit ),
				self::MAX_LIMIT
			);
		}
		$chart = $args['chart'] ?? null;
		if ( null !== $chart && ! in_array( $chart, self::CHARTS, true ) ) {
			return sprintf(
				/* translators: 1: the value given, 2: the chart types. */
				__( 'Unknown chart “%1$s”. The charts are: %2$s.', 'monsterinsights-reports' ),
				is_scalar( $chart ) ? (string) $chart : (string) wp_json_encode( $chart ),
				implode( ', ', self::CHARTS )
			);
		}
		// The order asked for; else the first metric largest first, or the days in order.
		if ( is_string( $order_by ) ) {
			$order = array(
				array(
					'field' => $order_by,
					'desc'  => true,
				),
			);
		} elseif ( in_array( Dimension::DATE, $dimensions, true ) ) {
			$order = array(
				array(
					'field' => Dimension::DATE,
					'desc'  => false,
				),
			);
		} else {
			$order = array(
				array(
					'field' => $metrics[0],
					'desc'  => true,
				),
			);
		}
		$compare = true === ( $args['compare'] ?? false ) ? $range->previous() : null;
		return array(
			'query' => new Query( $metrics, $dimensions, $range, $compare, $filters, $order, $limit ),
			'chart' => is_string( $chart ) ? $chart : null,
		);
	}

	/**
	 * A list of names (metrics or dimensions) of the arguments.
	 *
	 * @param array<string, mixed> $args  The arguments.
	 * @param string               $key   metrics or dimensions.
	 * @param string[]             $valid The valid names.
	 * @param int                  $min   The fewest.
	 * @param int                  $max   The most.
	 * @return list<string>|string The names, or what is wrong.
	 */
	private static function names( array $args, string $key, array $valid, int $min, int $max ) {
		$list = $args[ $key ] ?? array();
		if ( is_string( $list ) ) {
			$list = array( $list );
		}
		if ( ! is_array( $list ) || ! array_is_list( $list ) || count( $list ) < $min || count( $list ) > $max ) {
			return sprintf(
				/* translators: 1: metrics or dimensions, 2: the fewest, 3: the most, 4: the valid names. */
				__( '%1$s must be a list of %2$d to %3$d names among: %4$s.', 'monsterinsights-reports' ),
				$key,
				$min,
				$max,
				implode( ', ', $valid )
			);
		}
		foreach ( $list as $name ) {
			if ( ! is_string( $name ) || ! in_array( $name, $valid, true ) ) {
				return sprintf(
					'metrics' === $key
						/* translators: 1: the name given, 2: the valid names. */
						? __( 'Unknown metric “%1$s”. The metrics are: %2$s.', 'monsterinsights-reports' )
						/* translators: 1: the name given, 2: the valid names. */
						: __( 'Unknown dimension “%1$s”. The dimensions are: %2$s.', 'monsterinsights-reports' ),
					is_scalar( $name ) ? (string) $name : (string) wp_json_encode( $name ),
					implode( ', ', $valid )
				);
			}
		}
		return array_values( array_unique( $list ) );
	}

	/**
	 * The range of the arguments (Query\DateRange's rules).
	 *
	 * @param array<string, mixed> $args The arguments.
	 * @return DateRange|string The range, or what is wrong.
	 */
	private function range( array $args ) {
		$start = $args['start_date'] ?? null;
		$end   = $args['end_date'] ?? null;
		$today = $this->now->format( 'Y-m-d' );
		if ( ! is_string( $start ) || ! is_string( $end ) ) {
			return sprintf(
				/* translators: %s: today, YYYY-MM-DD. */
				__( 'start_date and end_date are required, as YYYY-MM-DD (today is %s).', 'monsterinsights-reports' ),
				$today
			);
		}
		try {
			return DateRange::from_strings( $start, $end, $this->now->getTimezone(), $this->now );
		} catch ( InvalidDateRange $e ) {
			if ( 'malformed' === $e->getMessage() ) {
				return sprintf(
					/* translators: 1: the start given, 2: the end given, 3: today. */
					__( 'start_date “%1$s” and end_date “%2$s” must be real days written YYYY-MM-DD (today is %3$s).', 'monsterinsights-reports' ),
					$start,
					$end,
					$today
				);
			}
			return sprintf(
				/* translators: 1: the start given, 2: the end given, 3: the earliest day, 4: today. */
				__( 'The range %1$s – %2$s is not allowed: start_date must not be after end_date, and both must lie between %3$s and today, %4$s.', 'monsterinsights-reports' ),
				$start,
				$end,
				DateRange::EARLIEST,
				$today
			);
		}
	}

	/**
	 * The filters of the arguments.
	 *
	 * @param mixed $filters The `filters` argument.
	 * @return list<Filter>|string The filters, or what is wrong.
	 */
	private static function filters( $filters ) {
		if ( ! is_array( $filters ) || ! array_is_list( $filters ) ) {
			return __( 'filters must be a list of {dimension, operator, value} objects.', 'monsterinsights-reports' );
		}
		$out = array();
		foreach ( $filters as $filter ) {
			if ( ! is_array( $filter ) || array() !== array_diff( array_keys( $filter ), array( 'dimension', 'operator', 'value' ) ) ) {
				return __( 'A filter must be an object with exactly dimension, operator and value.', 'monsterinsights-reports' );
			}
			$dimension = $filter['dimension'] ?? null;
			if ( ! is_string( $dimension ) || ! Dimension::is_valid( $dimension ) ) {
				return sprintf(
					/* translators: 1: the name given, 2: the valid names. */
					__( 'Unknown filter dimension “%1$s”. The dimensions are: %2$s.', 'monsterinsights-reports' ),
					is_scalar( $dimension ) ? (string) $dimension : '',
					implode( ', ', Dimension::all() )
				);
			}
			$operator = $filter['operator'] ?? null;
			if ( ! is_string( $operator ) || ! in_array( $operator, self::OPERATORS, true ) ) {
				return sprintf(
					/* translators: 1: the operator given, 2: the valid operators. */
					__( 'Unknown filter operator “%1$s”. The operators are: %2$s.', 'monsterinsights-reports' ),
					is_scalar( $operator ) ? (string) $operator : '',
					implode( ', ', self::OPERATORS )
				);
			}
			$value = $filter['value'] ?? null;
			$texts = is_array( $value ) && array_is_list( $value ) && array() !== $value && count( array_filter( $value, 'is_string' ) ) === count( $value );
			if ( ! $texts && ! is_string( $value ) ) {
				return __( 'A filter’s value must be a text, or a list of texts for in_list.', 'monsterinsights-reports' );
			}
			$out[] = new Filter( $dimension, $operator, $value );
		}
		return $out;
	}
}
