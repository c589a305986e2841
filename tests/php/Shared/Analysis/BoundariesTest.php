<?php
/**
 * What the sources share and what they do not (docs/architecture.md).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Analysis;

use MonsterInsights\Reports\Tests\TestCase;

/**
 * The folder includes/Analysis/ knows no source; the google source uses nothing of the builtin one.
 */
class BoundariesTest extends TestCase {

	/**
	 * The plugin's names a folder's files use (imported or fully qualified), by file.
	 *
	 * @param string $folder A folder under includes/.
	 * @return array<string, list<string>>
	 */
	private static function names( string $folder ): array {
		$root  = dirname( __DIR__, 4 ) . '/includes/' . $folder;
		$out   = array();
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( 'php' !== $file->getExtension() ) {
				continue;
			}
			preg_match_all( '/\\\\?MonsterInsights\\\\Reports(?:\\\\\w+)+/', (string) file_get_contents( $file->getPathname() ), $matches );
			$out[ substr( $file->getPathname(), strlen( $root ) + 1 ) ] = array_values( array_unique( array_map( static fn( string $name ): string => ltrim( $name, '\\' ), $matches[0] ) ) );
		}
		ksort( $out );
		return $out;
	}

	/**
	 * The detector and its series use nothing of any source, nor of the report classes.
	 */
	public function test_analysis_knows_no_source(): void {
		$names = self::names( 'Analysis' );
		$this->assertArrayHasKey( 'Exceptions/Detector.php', $names );
		$this->assertArrayHasKey( 'Exceptions/Watch.php', $names );
		foreach ( $names as $file => $used ) {
			foreach ( $used as $name ) {
				$this->assertStringStartsWith( 'MonsterInsights\\Reports\\Analysis\\', $name, $file );
			}
		}
	}

	/**
	 * The google source uses nothing under Sources\Builtin.
	 */
	public function test_the_google_source_uses_nothing_of_the_builtin_one(): void {
		$names = self::names( 'Sources/Google' );
		$this->assertContains( 'MonsterInsights\\Reports\\Analysis\\Exceptions\\Detector', $names['Ga4Exceptions.php'] );
		foreach ( $names as $file => $used ) {
			foreach ( $used as $name ) {
				$this->assertStringStartsNotWith( 'MonsterInsights\\Reports\\Sources\\Builtin', $name, $file );
			}
		}
	}
}
