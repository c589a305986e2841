<?php
/**
 * A searchable, sortable, paged table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The table rules (docs/product-rules.md#tables), done on the server so a table of any size answers
 * one page: search is a case-insensitive substring of the first column; numbers sort numerically,
 * text in natural order (the user's locale, numbers as numbers); ties keep the first column's
 * natural order; a page has 10 rows unless asked otherwise. The same rows, unpaged, are the CSV
 * export.
 *
 * A row is column id → value, plus optional `url` (the first cell's link), `children` (rows shown
 * when the row expands, e.g. a country's regions) and any key the report adds for the app (`iso`);
 * a table whose rows carry such keys declares them (with_row_keys(), with_children()) so that its
 * schema lists every key of its rows.
 */
final class Table implements Block {

	/**
	 * Columns by id.
	 *
	 * @var array<string, Column>
	 */
	private array $columns = array();

	/**
	 * The keys rows carry beyond the columns, with their schemas.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $row_keys = array();

	/**
	 * Whether rows carry `children`: rows of the same columns, shown when the row expands.
	 *
	 * @var bool
	 */
	private bool $children = false;

	/**
	 * The columns shown only while a condition holds (the eCommerce ones while there is a shop),
	 * by id: left out of the columns, the rows and the CSV otherwise.
	 *
	 * @var array<string, \Closure(?ReportRequest): bool>
	 */
	private array $conditions = array();

	/**
	 * Builds a table.
	 *
	 * @param Column[] $columns The columns; the first is the one search matches.
	 * @param \Closure $rows    ( Source, ReportRequest ) → every row of the range, unsorted.
	 * @param string   $orderby Default sort column.
	 * @param string   $order   Default order, asc or desc.
	 * @phpstan-param \Closure( Source, ReportRequest ): list<array<string, mixed>> $rows
	 */
	public function __construct( array $columns, private \Closure $rows, private string $orderby, private string $order = 'desc' ) {
		foreach ( $columns as $column ) {
			$this->columns[ $column->id ] = $column;
		}
	}

	/**
	 * A table of one query's rows (Rows::of(): grouped by $dimensions, with each row's metrics in
	 * the compare range when the request has one), each made into a table row by $cells.
	 *
	 * @param Column[] $columns    The columns; the first is the one search matches.
	 * @param string[] $dimensions The dimensions a row is grouped by; the first identifies it.
	 * @param string[] $metrics    The metrics.
	 * @param \Closure $cells      ( a Rows::of() row ) → the table row, or null to leave the row out.
	 * @param string   $orderby    Default sort column.
	 * @param Filter[] $filters    The query's filters.
	 * @phpstan-param \Closure( array{dimensions: array<string, string>, metrics: array<string, int|float>, compare: array<string, int|float>|null} ): (array<string, mixed>|null) $cells
	 */
	public static function of_rows( array $columns, array $dimensions, array $metrics, \Closure $cells, string $orderby, array $filters = array() ): self {
		return new self(
			$columns,
			static function ( Source $source, ReportRequest $request ) use ( $dimensions, $metrics, $cells, $filters ): array {
				$rows = array();
				foreach ( Rows::of( $source, $request, $dimensions, $metrics, $filters ) as $row ) {
					$cells_of_row = $cells( $row );
					if ( null !== $cells_of_row ) {
						$rows[] = $cells_of_row;
					}
				}
				return $rows;
			},
			$orderby
		);
	}

	/**
	 * The same table, its rows carrying these keys beyond the columns (the first cell's `url`, a
	 * key the report adds for the app).
	 *
	 * @param array<string, array<string, mixed>> $keys Each key's schema.
	 */
	public function with_row_keys( array $keys ): self {
		$table           = clone $this;
		$table->row_keys = $keys + $this->row_keys;
		return $table;
	}

	/**
	 * The same table, its rows carrying `children`: rows of the same columns.
	 */
	public function with_children(): self {
		$table           = clone $this;
		$table->children = true;
		return $table;
	}

	/**
	 * The same table, these columns shown only while $condition holds; without it the payload, the
	 * rows and the CSV leave them out, and the schema lists their cells as optional.
	 *
	 * @param string[] $ids       Column ids.
	 * @param \Closure $condition ( the request, null when there is none ) → whether they show.
	 * @phpstan-param \Closure(?ReportRequest): bool $condition
	 */
	public function only_when( array $ids, \Closure $condition ): self {
		$table = clone $this;
		foreach ( $ids as $id ) {
			$table->conditions[ $id ] = $condition;
		}
		return $table;
	}

	/**
	 * The same table, these columns shown only while the request compares two ranges (a change
	 * column).
	 *
	 * @param string[] $ids Column ids.
	 */
	public function only_comparing( array $ids ): self {
		return $this->only_when( $ids, static fn( ?ReportRequest $request ): bool => null !== $request && null !== $request->compare );
	}

	/**
	 * The columns shown for a request, in order.
	 *
	 * @param ReportRequest|null $request The request.
	 * @return Column[]
	 */
	public function columns( ?ReportRequest $request = null ): array {
		return array_values( $this->shown( $request ) );
	}

	/**
	 * The columns shown for a request, by id.
	 *
	 * @param ReportRequest|null $request The request.
	 * @return array<string, Column>
	 */
	private function shown( ?ReportRequest $request ): array {
		if ( array() === $this->conditions ) {
			return $this->columns;
		}
		$held = array();
		$out  = array();
		foreach ( $this->columns as $id => $column ) {
			if ( isset( $this->conditions[ $id ] ) ) {
				$key            = spl_object_id( $this->conditions[ $id ] );
				$held[ $key ] ??= (bool) ( $this->conditions[ $id ] )( $request );
				if ( ! $held[ $key ] ) {
					continue;
				}
			}
			$out[ $id ] = $column;
		}
		return $out;
	}

	/**
	 * Ids of the columns the table may sort by (the route's `orderby` values: every column, shown
	 * or not; a hidden one sorts by the default).
	 *
	 * @return string[]
	 */
	public function sortable(): array {
		return array_keys( array_filter( $this->columns, static fn( Column $c ): bool => $c->sortable ) );
	}

	/**
	 * The page the request asks for, with its columns and the total of matching rows.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request Ranges and table parameters.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		list( $orderby, $order ) = $this->order_of( $request );
		$rows                    = $this->rows( $source, $request );
		$per_page                = max( 0, $request->per_page );
		$page                    = max( 1, $request->page );
		return array(
			'columns'  => array_map( static fn( Column $c ): array => $c->to_array(), $this->columns( $request ) ),
			'rows'     => 0 === $per_page ? $rows : array_slice( $rows, ( $page - 1 ) * $per_page, $per_page ),
			'total'    => count( $rows ),
			'page'     => $page,
			'per_page' => $per_page,
			'orderby'  => $orderby,
			'order'    => $order,
			'search'   => $request->search,
		);
	}

	/**
	 * Every row that matches the search, in the requested order.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request Ranges and table parameters.
	 * @return list<array<string, mixed>>
	 */
	public function rows( Source $source, ReportRequest $request ): array {
		$first  = array_key_first( $this->columns );
		$rows   = ( $this->rows )( $source, $request );
		$hidden = array_diff_key( $this->columns, $this->shown( $request ) );
		if ( array() !== $hidden ) {
			$rows = array_map( static fn( array $row ): array => self::without( $row, $hidden ), $rows );
		}
		if ( '' !== $request->search ) {
			$needle = $request->search;
			$rows   = array_values(
				array_filter(
					$rows,
					static fn( array $row ): bool => false !== mb_stripos( (string) ( $row[ $first ] ?? '' ), $needle )
				)
			);
		}
		list( $orderby, $order ) = $this->order_of( $request );
		$text                    = $this->columns[ $orderby ]->is_text();
		$sign                    = 'asc' === $order ? 1 : -1;
		$natural                 = self::natural();
		usort(
			$rows,
			static function ( array $a, array $b ) use ( $orderby, $text, $sign, $first, $natural ): int {
				$x   = $a[ $orderby ] ?? null;
				$y   = $b[ $orderby ] ?? null;
				$cmp = $text ? $natural( (string) $x, (string) $y ) : ( ( null === $x ? -INF : (float) $x ) <=> ( null === $y ? -INF : (float) $y ) );
				if ( 0 !== $cmp ) {
					return $sign * $cmp;
				}
				return $natural( (string) ( $a[ $first ] ?? '' ), (string) ( $b[ $first ] ?? '' ) );
			}
		);
		return $rows;
	}

	/**
	 * A row without the cells of hidden columns, in its children too.
	 *
	 * @param array<string, mixed>  $row    The row.
	 * @param array<string, Column> $hidden The hidden columns by id.
	 * @return array<string, mixed>
	 */
	private static function without( array $row, array $hidden ): array {
		$row = array_diff_key( $row, $hidden );
		if ( isset( $row['children'] ) && is_array( $row['children'] ) ) {
			$row['children'] = array_map( static fn( $child ) => is_array( $child ) ? array_diff_key( $child, $hidden ) : $child, $row['children'] );
		}
		return $row;
	}

	/**
	 * Natural text order as the user's browser has it (Intl.Collator with numeric collation):
	 * ICU's collation for the user's locale with numbers compared as numbers, case and accents
	 * second; without PHP's intl extension, strnatcasecmp().
	 *
	 * @return \Closure( string, string ): int
	 */
	private static function natural(): \Closure {
		if ( class_exists( '\Collator' ) ) {
			$collator = new \Collator( function_exists( 'get_user_locale' ) ? get_user_locale() : 'en_US' );
			$collator->setAttribute( \Collator::NUMERIC_COLLATION, \Collator::ON );
			return static fn( string $a, string $b ): int => (int) $collator->compare( $a, $b );
		}
		return static fn( string $a, string $b ): int => strnatcasecmp( $a, $b );
	}

	/**
	 * The sort column and order of a request, else the table's defaults.
	 *
	 * @param ReportRequest $request The request.
	 * @return array{0: string, 1: string}
	 */
	private function order_of( ReportRequest $request ): array {
		$shown   = $this->shown( $request );
		$orderby = isset( $shown[ $request->orderby ] ) && $shown[ $request->orderby ]->sortable ? $request->orderby : $this->orderby;
		if ( in_array( $request->order, array( 'asc', 'desc' ), true ) ) {
			return array( $orderby, $request->order );
		}
		// A text column starts ascending, a number descending (the biggest first).
		return array( $orderby, $orderby === $this->orderby ? $this->order : ( $this->columns[ $orderby ]->is_text() ? 'asc' : 'desc' ) );
	}

	/**
	 * The JSON schema of a table page.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$cell  = array( 'type' => array( 'string', 'number', 'null' ) );
		$cells = array_fill_keys( array_keys( $this->columns ), $cell );
		$row   = $cells + $this->row_keys;
		// The cells of a column shown only while a condition holds may be missing, and so may the
		// children of a row that has none.
		$optional = array_keys( $this->conditions );
		if ( $this->children ) {
			$row['children'] = Schema::list_of( Schema::object( $cells, $optional ) );
			if ( array() !== $optional ) {
				$optional[] = 'children';
			}
		}
		return Schema::object(
			array(
				'columns'  => Schema::list_of(
					Schema::object(
						array(
							'id'       => Schema::text(),
							'label'    => Schema::text(),
							'type'     => array(
								'type' => 'string',
								'enum' => ColumnType::values(),
							),
							'sortable' => array( 'type' => 'boolean' ),
						)
					)
				),
				'rows'     => Schema::list_of( Schema::object( $row, $optional ) ),
				'total'    => array( 'type' => 'integer' ),
				'page'     => array( 'type' => 'integer' ),
				'per_page' => array( 'type' => 'integer' ),
				'orderby'  => Schema::text(),
				'order'    => array(
					'type' => 'string',
					'enum' => array( 'asc', 'desc' ),
				),
				'search'   => Schema::text(),
			)
		);
	}
}
