<?php
/**
 * A column of a report table.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

defined( 'ABSPATH' ) || exit;

/**
 * Its id (the row field), its translated label (the table header and the CSV header), its type
 * (how the app formats it and how it sorts) and whether it sorts.
 */
final class Column {

	/**
	 * Builds a column.
	 *
	 * @param string     $id       The row field.
	 * @param string     $label    Translated header.
	 * @param ColumnType $type     How it is formatted and sorted.
	 * @param bool       $sortable Whether the table sorts by it.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $label,
		public readonly ColumnType $type = ColumnType::Number,
		public readonly bool $sortable = true,
	) {}

	/**
	 * Whether its values are text (sorted in natural order) rather than numbers.
	 */
	public function is_text(): bool {
		return in_array( $this->type, array( ColumnType::Text, ColumnType::Url ), true );
	}

	/**
	 * As the payload lists it.
	 *
	 * @return array{id: string, label: string, type: string, sortable: bool}
	 */
	public function to_array(): array {
		return array(
			'id'       => $this->id,
			'label'    => $this->label,
			'type'     => $this->type->value,
			'sortable' => $this->sortable,
		);
	}
}
