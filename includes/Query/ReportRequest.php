<?php
/**
 * What a report is asked for: its ranges and the validated parameters of its table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Query;

defined( 'ABSPATH' ) || exit;

/**
 * The range, the optional compare range, the table parameters of the tables and CSV routes
 * (search, orderby, order, page, per_page) and a report's own parameters, already validated by the
 * route's JSON schema. Reports
 * and blocks read it; they never read a WP_REST_Request.
 */
final class ReportRequest {

	public const PER_PAGE     = 10;
	public const MAX_PER_PAGE = 100;
	public const MAX_SEARCH   = 200;

	/**
	 * Builds a request.
	 *
	 * @param DateRange      $range    The range.
	 * @param DateRange|null $compare  The compare range, when the user compares.
	 * @param string         $search   Case-insensitive substring of a table's first column.
	 * @param string         $orderby  A column id of the table; empty for its default order.
	 * @param string         $order    asc or desc; empty for the table's default.
	 * @param int            $page     Page of the table, from 1.
	 * @param int            $per_page Rows a page; 0 for every row (CSV).
	 * @param array          $params   The report's own parameters (Reports\HasParams) beyond these, by name.
	 * @phpstan-param array<string, scalar> $params
	 */
	public function __construct(
		public readonly DateRange $range,
		public readonly ?DateRange $compare = null,
		public readonly string $search = '',
		public readonly string $orderby = '',
		public readonly string $order = '',
		public readonly int $page = 1,
		public readonly int $per_page = self::PER_PAGE,
		public readonly array $params = array(),
	) {}

	/**
	 * One of the report's own parameters as text ('' when absent).
	 *
	 * @param string $name The parameter.
	 */
	public function param( string $name ): string {
		return (string) ( $this->params[ $name ] ?? '' );
	}

	/**
	 * The range the info boxes and trend points compare with: the compare range when the user
	 * compares, else the previous period of the same length.
	 */
	public function before(): DateRange {
		return $this->compare ?? $this->range->previous();
	}

	/**
	 * A key for caches: every parameter.
	 */
	public function key(): string {
		return implode(
			'|',
			array(
				$this->range->key(),
				null !== $this->compare ? $this->compare->key() : '',
				$this->search,
				$this->orderby,
				$this->order,
				$this->page,
				$this->per_page,
				http_build_query( $this->params ),
			)
		);
	}

	/**
	 * The JSON schema of the table parameters, for a route's args.
	 *
	 * @param string[] $columns The table's sortable column ids.
	 * @param bool     $paged   Whether page and per_page belong (not for CSV).
	 * @return array<string, array<string, mixed>>
	 */
	public static function table_args( array $columns, bool $paged = true ): array {
		$args = array(
			'search'  => array(
				'description' => __( 'Rows whose first column contains this text, in any case.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'maxLength'   => self::MAX_SEARCH,
				'default'     => '',
			),
			'orderby' => array(
				'description' => __( 'The column to sort by.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array_values( $columns ),
			),
			'order'   => array(
				'description' => __( 'Sort order.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'enum'        => array( 'asc', 'desc' ),
			),
		);
		if ( $paged ) {
			$args['page']     = array(
				'description' => __( 'Page of the table, from 1.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100000,
				'default'     => 1,
			);
			$args['per_page'] = array(
				'description' => __( 'Rows a page.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => self::MAX_PER_PAGE,
				'default'     => self::PER_PAGE,
			);
		}
		return $args;
	}
}
