<?php
/**
 * The bench's figures: each checked against its budget as it is added, printed as a progress
 * line, and at the end as a table or written as JSON.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * The rows of a run: figure, value, unit, budget, ok.
 */
final class Report {

	/**
	 * Rows of the table: figure, value, unit, budget, ok.
	 *
	 * @var array<int, array{key: string, figure: string, value: float|int, unit: string, budget: string, ok: bool}>
	 */
	private array $rows = array();

	/**
	 * Adds a row, checked against its budget.
	 *
	 * @param string     $key    The figure's key (Bench::BUDGETS).
	 * @param string     $figure What it is.
	 * @param float|int  $value  The value.
	 * @param string     $unit   Its unit.
	 * @param array|null $budget A budget of this run ([ 'min' | 'max' | 'eq', value ]) instead of BUDGETS'.
	 */
	public function row( string $key, string $figure, $value, string $unit, ?array $budget = null ): void {
		$budget = $budget ?? Bench::BUDGETS[ $key ] ?? null;
		$ok     = null === $budget || match ( $budget[0] ) {
			'min'   => $value >= $budget[1],
			'eq'    => $value === $budget[1],
			default => $value <= $budget[1],
		};
		$row = array(
			'key'    => $key,
			'figure' => $figure,
			'value'  => $value,
			'unit'   => $unit,
			'budget' => null === $budget ? '' : array(
				'min' => '≥ ',
				'eq'  => '= ',
				'max' => '≤ ',
			)[ $budget[0] ] . $budget[1],
			'ok'     => $ok,
		);
		self::say( sprintf( '%s: %s %s%s', $figure, self::number( $value ), $unit, $ok ? '' : ' — OVER BUDGET' ) );
		$this->rows[] = $row;
	}

	/**
	 * Whether a figure is over its budget.
	 */
	public function failed(): bool {
		return array() !== array_filter( $this->rows, static fn( array $row ): bool => ! $row['ok'] );
	}

	/**
	 * Writes the rows to a file as JSON.
	 *
	 * @param string $file The file.
	 */
	public function write_json( string $file ): void {
		file_put_contents( $file, wp_json_encode( $this->rows, JSON_PRETTY_PRINT ) );
	}

	/**
	 * Prints the rows as a table.
	 */
	public function table(): void {
		$lines = array( array( 'figure', 'value', 'unit', 'budget', 'ok' ) );
		foreach ( $this->rows as $row ) {
			// Figures without a budget are for the record.
			$lines[] = array( $row['figure'], self::number( $row['value'] ), $row['unit'], $row['budget'], '' === $row['budget'] ? '-' : ( $row['ok'] ? 'yes' : 'NO' ) );
		}
		$widths = array();
		foreach ( $lines as $line ) {
			foreach ( $line as $i => $cell ) {
				$widths[ $i ] = max( $widths[ $i ] ?? 0, mb_strlen( $cell ) );
			}
		}
		foreach ( $lines as $line ) {
			$cells = array();
			foreach ( $line as $i => $cell ) {
				$pad     = $widths[ $i ] - mb_strlen( $cell );
				$cells[] = 1 === $i ? str_repeat( ' ', $pad ) . $cell : $cell . str_repeat( ' ', $pad );
			}
			echo rtrim( implode( '  ', $cells ) ) . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
		}
	}

	/**
	 * A number as the table shows it: three significant digits at most below 1000.
	 *
	 * @param float|int $value The value.
	 */
	private static function number( $value ): string {
		if ( is_int( $value ) || abs( $value ) >= 1000 ) {
			return number_format( (float) $value, 0, '.', ' ' );
		}
		return (string) round( $value, abs( $value ) >= 100 ? 0 : ( abs( $value ) >= 10 ? 1 : ( abs( $value ) >= 1 ? 2 : 3 ) ) );
	}

	/**
	 * A progress line.
	 *
	 * @param string $text The line.
	 */
	public static function say( string $text ): void {
		fwrite( STDOUT, 'bench: ' . $text . "\n" );
	}
}
