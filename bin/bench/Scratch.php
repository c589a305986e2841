<?php
/**
 * The run's temporary folder.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * A temporary folder of the run, with its subfolders; removed at the end.
 */
final class Scratch {

	/**
	 * A temporary folder, created.
	 *
	 * @param string $tmp Its path.
	 */
	public function __construct( private string $tmp ) {
		wp_mkdir_p( $this->tmp );
	}

	/**
	 * A subfolder of the run's temporary folder, created.
	 *
	 * @param string $name Its name.
	 */
	public function dir( string $name ): string {
		$dir = $this->tmp . '/' . $name;
		wp_mkdir_p( $dir );
		return $dir;
	}

	/**
	 * Deletes the folder and what it holds.
	 */
	public function remove(): void {
		self::remove_dir( $this->tmp );
	}

	/**
	 * Deletes a folder and what it holds.
	 *
	 * @param string $dir The folder.
	 */
	private static function remove_dir( string $dir ): void {
		if ( ! is_dir( $dir ) ) {
			return;
		}
		$items = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
		foreach ( $items as $item ) {
			$item->isDir() ? rmdir( $item->getPathname() ) : unlink( $item->getPathname() );
		}
		rmdir( $dir );
	}
}
