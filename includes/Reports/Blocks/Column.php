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

	public const TEXT     = 'text';
	public const URL      = 'url';
	public const NUMBER   = 'number';
	public const PERCENT  = 'percent';
	public const DURATION = 'duration';
	public const MONEY    = 'money';
	public const CHANGE   = 'change';

	/**
	 * Builds a column.
	 *
	 * @param string $id       The row field.
	 * @param string $label    Translated header.
	 * @param string $type     One of the constants.
	 * @param bool   $sortable Whether the table sorts by it.
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $label,
		public readonly string $type = self::NUMBER,
		public readonly bool $sortable = true,
	) {}

	/**
	 * Whether its values are text (sorted in natural order) rather than numbers.
	 */
	public function is_text(): bool {
		return in_array( $this->type, array( self::TEXT, self::URL ), true );
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
			'type'     => $this->type,
			'sortable' => $this->sortable,
		);
	}
}
