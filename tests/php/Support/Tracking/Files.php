<?php
/**
 * Temporary data dirs for the collector tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Test fixtures on the local disk.

/**
 * Makes and removes scratch dirs, and reads buffer files.
 */
trait Files {

	/**
	 * Dirs to remove after the test.
	 *
	 * @var string[]
	 */
	private array $scratch_dirs = array();

	/**
	 * A new empty dir, removed after the test.
	 */
	protected function scratch_dir(): string {
		$dir = sys_get_temp_dir() . '/mir-tracking-' . bin2hex( random_bytes( 6 ) );
		mkdir( $dir, 0777, true );
		$this->scratch_dirs[] = $dir;
		return $dir;
	}

	/**
	 * A scratch dir as the uploads folder (where the collector keeps its data), for the test.
	 *
	 * @return string The dir.
	 */
	protected function scratch_uploads(): string {
		$uploads = $this->scratch_dir();
		add_filter(
			'upload_dir',
			static function ( $dirs ) use ( $uploads ) {
				$dirs['basedir'] = $uploads;
				return $dirs;
			}
		);
		return $uploads;
	}

	/**
	 * Removes the scratch dirs. Call from tear_down().
	 */
	protected function remove_scratch_dirs(): void {
		foreach ( $this->scratch_dirs as $dir ) {
			self::remove_tree( $dir );
		}
		$this->scratch_dirs = array();
	}

	/**
	 * Removes a dir and everything in it.
	 *
	 * @param string $dir The dir.
	 */
	protected static function remove_tree( string $dir ): void {
		if ( ! is_dir( $dir ) ) {
			return;
		}
		foreach ( (array) scandir( $dir ) as $name ) {
			if ( '.' === $name || '..' === $name ) {
				continue;
			}
			$path = $dir . '/' . $name;
			if ( is_dir( $path ) && ! is_link( $path ) ) {
				self::remove_tree( $path );
			} else {
				unlink( $path );
			}
		}
		rmdir( $dir );
	}

	/**
	 * The hit lines of a buffer file, decoded: the exit guard line it starts with is not one.
	 *
	 * @param string $file The file.
	 * @return array<int, array<string, mixed>>
	 */
	protected static function json_lines( string $file ): array {
		if ( ! is_file( $file ) ) {
			return array();
		}
		$lines = array();
		foreach ( explode( "\n", rtrim( (string) file_get_contents( $file ), "\n" ) ) as $line ) {
			if ( '' !== $line && PrivateFile::GUARD_LINE !== $line ) {
				$lines[] = json_decode( $line, true, 512, JSON_THROW_ON_ERROR );
			}
		}
		return $lines;
	}

	/**
	 * Every file's contents under a dir, concatenated.
	 *
	 * @param string $dir The dir.
	 */
	protected static function all_contents( string $dir ): string {
		$contents = '';
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ) ) as $file ) {
			$contents .= (string) file_get_contents( (string) $file ) . "\n";
		}
		return $contents;
	}
}
