<?php
/**
 * The report routes' JSON schemas, exported for the TypeScript side of the payload contract.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The payload contract between PHP and TypeScript has three links:
 *
 * 1. here: src/store/reports/test/schemas.json holds, for every report the Registry builds, the
 *    schema its route publishes (`OPTIONS /reports/{name}`), stripped of what only documents it
 *    (descriptions, contexts). The committed file must equal what the routes publish now;
 *    `MIR_WRITE_SCHEMAS=1 npm run test:php -- --filter ReportPayloadContract` rewrites it;
 * 2. jest (src/demo/test/contract.test.ts): every built report's sample payload (src/demo) must
 *    validate against its schema from that file and declare exactly its properties, at every
 *    depth;
 * 3. tsc: every sample payload is typed as its report's payload type.
 *
 * A property added to the PHP side only fails (1), then (2); one added to the TypeScript type only
 * fails (3), then (2).
 */
class ReportPayloadContractTest extends TestCase {

	/** Where the exported schemas live, from the plugin's root. */
	public const FILE = 'src/store/reports/test/schemas.json';

	/** Keys that only document a schema; they are not part of the contract. */
	private const DOCUMENTATION = array( 'description', 'context', 'readonly', 'title', 'arg_options', '$schema' );

	/**
	 * A schema without its documentation keys, at every depth.
	 *
	 * @param array<mixed> $schema The schema or a part of it.
	 * @return array<mixed>
	 */
	private function contract( array $schema ): array {
		$out = array();
		foreach ( $schema as $key => $value ) {
			if ( is_string( $key ) && in_array( $key, self::DOCUMENTATION, true ) ) {
				continue;
			}
			if ( 'properties' === $key && is_array( $value ) ) {
				// Property names are data, not keywords: a property may be called `title`.
				$out[ $key ] = array_map( fn( $property ) => is_array( $property ) ? $this->contract( $property ) : $property, $value );
				continue;
			}
			$out[ $key ] = is_array( $value ) ? $this->contract( $value ) : $value;
		}
		return $out;
	}

	/**
	 * Every built report's route schema, by report name in the Registry's order.
	 *
	 * @return array<string, array<mixed>>
	 */
	private function published(): array {
		$this->act_as( 'administrator' );
		$out = array();
		foreach ( Registry::built() as $name ) {
			$response = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $name );
			$this->assertSame( 200, $response->get_status(), $name );
			$schema = $response->get_data()['schema'];
			$this->assertSame( 'monsterinsights-reports-' . $name, $schema['title'] );
			$out[ $name ] = $this->contract( $schema );
		}
		return $out;
	}

	/**
	 * The committed export equals what the routes publish.
	 */
	public function test_the_exported_schemas_are_current(): void {
		$json = wp_json_encode( $this->published(), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n";
		$file = dirname( __DIR__, 3 ) . '/' . self::FILE;
		// phpcs:disable WordPress.WP.AlternativeFunctions -- The plugin's own source file on the local disk.
		if ( getenv( 'MIR_WRITE_SCHEMAS' ) ) {
			file_put_contents( $file, $json );
		}
		$this->assertFileExists( $file );
		$this->assertSame(
			$json,
			(string) file_get_contents( $file ),
			self::FILE . ' is stale. Run: MIR_WRITE_SCHEMAS=1 npm run test:php -- --filter ReportPayloadContract'
		);
		// phpcs:enable
	}

	/**
	 * Every built report's schema describes an object of named blocks, each with its type.
	 */
	public function test_every_built_report_publishes_an_object_schema(): void {
		foreach ( $this->published() as $name => $schema ) {
			$this->assertSame( 'object', $schema['type'], $name );
			$this->assertNotEmpty( $schema['properties'], $name );
			foreach ( $schema['properties'] as $key => $property ) {
				$this->assertArrayHasKey( 'type', $property, "$name.$key" );
			}
		}
	}
}
