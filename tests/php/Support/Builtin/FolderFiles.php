<?php
/**
 * Claimed buffer files in a folder of the test's own.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\HitFiles;

/**
 * A HitFiles double: files the test writes are "claimed"; release() deletes them and is recorded.
 */
final class FolderFiles implements HitFiles {

	/**
	 * The folder.
	 *
	 * @var string
	 */
	public string $dir;

	/**
	 * Files released, in order.
	 *
	 * @var string[]
	 */
	public array $released = array();

	/**
	 * Whether the next release() fails (a crash after a file was processed, before it was deleted).
	 *
	 * @var bool
	 */
	public bool $fail_release = false;

	/**
	 * Files waiting to be claimed (the live buffer), in order.
	 *
	 * @var string[]
	 */
	private array $live = array();

	/**
	 * Sequence for file names.
	 *
	 * @var int
	 */
	private int $sequence = 0;

	/**
	 * Makes a fresh folder.
	 */
	public function __construct() {
		$this->dir = sys_get_temp_dir() . '/mir-tests-' . bin2hex( random_bytes( 6 ) );
		mkdir( $this->dir ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_mkdir -- Test files.
	}

	/**
	 * Writes a file that an earlier run claimed.
	 *
	 * @param string[] $lines Buffer lines.
	 * @return string Its path.
	 */
	public function add_claimed( array $lines ): string {
		$path = sprintf( '%s/claimed-%04d.jsonl', $this->dir, ++$this->sequence );
		file_put_contents( $path, implode( "\n", $lines ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- Test files.
		return $path;
	}

	/**
	 * Writes lines the next claim() returns.
	 *
	 * @param string[] $lines Buffer lines.
	 * @return string Its path.
	 */
	public function add_live( array $lines ): string {
		$path         = sprintf( '%s/live-%04d.jsonl', $this->dir, ++$this->sequence );
		$this->live[] = $path;
		file_put_contents( $path, implode( "\n", $lines ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- Test files.
		return $path;
	}

	/**
	 * Claimed files still on disk, oldest first.
	 *
	 * @return string[]
	 */
	public function claimed(): array {
		$files = glob( $this->dir . '/claimed-*.jsonl' );
		$files = false === $files ? array() : $files;
		sort( $files );
		return $files;
	}

	/**
	 * Claims the next live file.
	 */
	public function claim(): ?string {
		$live = array_shift( $this->live );
		if ( null === $live ) {
			return null;
		}
		$path = sprintf( '%s/claimed-%04d.jsonl', $this->dir, ++$this->sequence );
		rename( $live, $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- Test files.
		return $path;
	}

	/**
	 * Deletes a processed file.
	 *
	 * @param string $path The file.
	 *
	 * @throws \RuntimeException When told to fail.
	 */
	public function release( string $path ): void {
		if ( $this->fail_release ) {
			$this->fail_release = false;
			throw new \RuntimeException( 'simulated crash before release' );
		}
		$this->released[] = $path;
		wp_delete_file( $path );
	}

	/**
	 * Deletes the folder and what is left in it.
	 */
	public function remove(): void {
		foreach ( (array) glob( $this->dir . '/*' ) as $file ) {
			wp_delete_file( (string) $file );
		}
		rmdir( $this->dir ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- Test files.
	}
}
