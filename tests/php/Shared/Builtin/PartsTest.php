<?php
/**
 * The built-in source's parts and the one-way dependencies between them (docs/architecture.md).
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Tests\TestCase;

/**
 * Reads every file of includes/Sources/Builtin/ and the names it imports (`use`) or writes fully
 * qualified, and fails when a part names a part it may not depend on.
 */
class PartsTest extends TestCase {

	/**
	 * The namespace of the built-in source.
	 */
	private const BUILTIN = 'MonsterInsights\\Reports\\Sources\\Builtin\\';

	/**
	 * Each part and the parts it may use. A part always uses itself.
	 */
	private const MAY_USE = array(
		'Storage'     => array(),
		'Collection'  => array( 'Storage' ),
		'Aggregation' => array( 'Storage', 'Collection' ),
		'Answers'     => array( 'Storage', 'Collection', 'Aggregation' ),
		'Demo'        => array( 'Storage', 'Collection', 'Aggregation' ),
	);

	/**
	 * What collect.php loads without WordPress: these folders use nothing of the plugin but
	 * themselves.
	 */
	private const ALONE = array( 'Collection\\Collector' );

	/**
	 * Every file is in a part, and every part uses only the parts it may.
	 */
	public function test_parts_depend_one_way(): void {
		$found      = array();
		$violations = array();
		foreach ( $this->files() as $relative => $path ) {
			$part = strstr( $relative, '/', true );
			$this->assertArrayHasKey( (string) $part, self::MAY_USE, $relative . ' is in no part of ' . implode( ', ', array_keys( self::MAY_USE ) ) );
			$folder = str_replace( '/', '\\', dirname( $relative ) );
			foreach ( self::names( (string) file_get_contents( $path ) ) as $name ) {
				if ( ! str_starts_with( $name, 'MonsterInsights\\Reports\\' ) ) {
					continue;
				}
				$alone = in_array( $folder, self::ALONE, true );
				if ( $alone && ! str_starts_with( $name, self::BUILTIN . $folder . '\\' ) ) {
					$violations[] = $relative . ' uses ' . $name . ' (' . $folder . ' runs without WordPress: it uses only itself)';
					continue;
				}
				if ( ! str_starts_with( $name, self::BUILTIN ) ) {
					continue;
				}
				$used = strstr( substr( $name, strlen( self::BUILTIN ) ) . '\\', '\\', true );
				if ( $used === $part ) {
					continue;
				}
				$found[ $part . ' -> ' . $used ] = true;
				if ( ! in_array( $used, self::MAY_USE[ $part ], true ) ) {
					$violations[] = $relative . ' uses ' . $name . ' (' . $part . ' may use ' . ( array() === self::MAY_USE[ $part ] ? 'no other part' : implode( ', ', self::MAY_USE[ $part ] ) ) . ')';
				}
			}
		}
		$this->assertSame( array(), $violations, "Dependencies against docs/architecture.md:\n" . implode( "\n", $violations ) );
		// The scan sees the dependencies that exist, so an empty list above means something.
		$this->assertArrayHasKey( 'Answers -> Aggregation', $found );
		$this->assertArrayHasKey( 'Aggregation -> Storage', $found );
	}

	/**
	 * The rule catches a use statement, a fully qualified name and a name under an imported
	 * namespace, and only those of the plugin.
	 */
	public function test_names_are_read_from_use_statements_and_qualified_names(): void {
		$code = '<?php
namespace MonsterInsights\Reports\Sources\Builtin\Storage;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Collection;
use MonsterInsights\Reports\Sources\Builtin as Source;

/** Not a name: MonsterInsights\Reports\Sources\Builtin\Demo\Seeder. */
final class Example {
	public function run( \MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource $source ): void {
		Collection\DataDir::path();
		Source\Demo\Seeder::real_data();
		$text = "\MonsterInsights\Reports\Sources\Builtin\Demo\Visits";
		array_map( function () use ( $source ) {}, array() );
		\strlen( "x" );
	}
}';
		$this->assertSame(
			array(
				'MonsterInsights\\Reports\\Sources\\Builtin\\Aggregation\\Rollups',
				'MonsterInsights\\Reports\\Sources\\Builtin\\Collection',
				'MonsterInsights\\Reports\\Sources\\Builtin',
				'MonsterInsights\\Reports\\Sources\\Builtin\\Answers\\BuiltinSource',
				'MonsterInsights\\Reports\\Sources\\Builtin\\Collection\\DataDir',
				'MonsterInsights\\Reports\\Sources\\Builtin\\Demo\\Seeder',
				'strlen',
			),
			self::names( $code )
		);
	}

	/**
	 * The PHP files of includes/Sources/Builtin/, by their path inside it.
	 *
	 * @return array<string, string>
	 */
	private function files(): array {
		$root  = MONSTERINSIGHTS_REPORTS_DIR . 'includes/Sources/Builtin/';
		$files = array();
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root, \FilesystemIterator::SKIP_DOTS ) ) as $file ) {
			if ( $file instanceof \SplFileInfo && 'php' === $file->getExtension() ) {
				$files[ substr( $file->getPathname(), strlen( $root ) ) ] = $file->getPathname();
			}
		}
		ksort( $files );
		$this->assertNotEmpty( $files );
		return $files;
	}

	/**
	 * The names a file refers to outside its own namespace: the targets of its `use` statements,
	 * its fully qualified names, and the qualified names under a namespace it imports, resolved;
	 * in order, once each. Comments and strings are not read.
	 *
	 * @param string $code A PHP file.
	 * @return string[]
	 */
	private static function names( string $code ): array {
		$tokens  = array_values(
			array_filter(
				token_get_all( $code ),
				static fn( $token ): bool => ! is_array( $token ) || ! in_array( $token[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true )
			)
		);
		$aliases = array();
		$names   = array();
		$depth   = 0;
		foreach ( $tokens as $i => $token ) {
			if ( '{' === $token || ( is_array( $token ) && in_array( $token[0], array( T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES ), true ) ) ) {
				++$depth;
			} elseif ( '}' === $token ) {
				--$depth;
			}
			if ( ! is_array( $token ) ) {
				continue;
			}
			if ( T_USE === $token[0] && 0 === $depth ) {
				// use A\B; or use A\B as C; (a closure's use ( … ) is inside braces).
				$target = $tokens[ $i + 1 ] ?? null;
				if ( is_array( $target ) && in_array( $target[0], array( T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED, T_STRING ), true ) ) {
					$name  = ltrim( $target[1], '\\' );
					$alias = substr( (string) strrchr( '\\' . $name, '\\' ), 1 );
					$as    = $tokens[ $i + 2 ] ?? null;
					if ( is_array( $as ) && T_AS === $as[0] && is_array( $tokens[ $i + 3 ] ?? null ) ) {
						$alias = $tokens[ $i + 3 ][1];
					}
					$aliases[ $alias ] = $name;
					$names[]           = $name;
				}
				continue;
			}
			if ( T_NAME_FULLY_QUALIFIED === $token[0] ) {
				$names[] = ltrim( $token[1], '\\' );
			} elseif ( T_NAME_QUALIFIED === $token[0] ) {
				$first = strstr( $token[1], '\\', true );
				$prev  = $tokens[ $i - 1 ] ?? null;
				if ( isset( $aliases[ $first ] ) && ! ( is_array( $prev ) && T_NAMESPACE === $prev[0] ) ) {
					$names[] = $aliases[ $first ] . substr( $token[1], strlen( $first ) );
				}
			}
		}
		return array_values( array_unique( $names ) );
	}
}
