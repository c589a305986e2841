<?php
/**
 * The TypeScript report payload types against the report routes' JSON schemas.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Reports\Registry;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Every report the Registry builds has a fixture src/store/reports/test/fixtures/{name}.json: the
 * route's answer on seeded data, its lists cut to a few items. In TypeScript
 * (src/store/reports/test/payloads.test.ts) each is typed as its payload interface of
 * src/store/reports/types.ts (tsc checks that it has every property the interface requires, with
 * its type, and none the interface lacks). Here the same files must validate against the route's
 * schema and declare exactly its properties, at every depth: a property added to one side only
 * fails one of the two.
 */
class ReportPayloadContractTest extends TestCase {

	/**
	 * Every built report of the Registry: each has a fixture and a TypeScript payload type.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function reports(): array {
		$out = array();
		foreach ( Registry::built() as $name ) {
			$out[ $name ] = array( $name );
		}
		return $out;
	}

	/**
	 * Asserts that $data and $schema have the same object properties at every depth, looking into
	 * list items too.
	 *
	 * @param mixed                $data   The value.
	 * @param array<string, mixed> $schema Its schema.
	 * @param string               $path   Where we are, for messages.
	 */
	private function assert_same_properties( $data, array $schema, string $path ): void {
		$types = (array) ( $schema['type'] ?? array() );
		// An object-or-array property (popular_page) may be an empty list: nothing to compare.
		if ( in_array( 'object', $types, true ) && in_array( 'array', $types, true ) && array() === $data ) {
			return;
		}
		// A nullable property the fixture shows as null (a dimension's error): nothing to compare.
		if ( null === $data && in_array( 'null', $types, true ) ) {
			return;
		}
		if ( in_array( 'array', $types, true ) && isset( $schema['items'] ) ) {
			// A list of numbers or strings (labels, datapoints): nothing to compare.
			if ( ! in_array( 'object', (array) ( $schema['items']['type'] ?? array() ), true ) ) {
				return;
			}
			$this->assertArrayHasKey( 'properties', $schema['items'], "$path declares its items' properties" );
			$this->assertIsArray( $data, $path );
			$this->assertNotEmpty( $data, "$path: the fixture shows at least one item" );
			foreach ( $data as $index => $item ) {
				$this->assert_same_properties( $item, $schema['items'], "{$path}[{$index}]" );
			}
			return;
		}
		if ( ! in_array( 'object', $types, true ) ) {
			return;
		}
		$this->assertIsArray( $data, $path );
		$this->assertArrayHasKey( 'properties', $schema, "$path declares its properties" );
		$declared = array_map( 'strval', array_keys( $schema['properties'] ) );
		$actual   = array_map( 'strval', array_keys( $data ) );
		$this->assertSame( array(), array_values( array_diff( $actual, $declared ) ), "$path: properties missing from the schema" );
		$this->assertSame( array(), array_values( array_diff( $declared, $actual ) ), "$path: schema properties missing from the fixture" );
		foreach ( $schema['properties'] as $name => $property ) {
			$this->assert_same_properties( $data[ $name ], $property, "$path.$name" );
		}
	}

	/**
	 * The fixture of a report validates against its route's schema with the same properties.
	 *
	 * @dataProvider reports
	 * @param string $name Report name.
	 */
	public function test_fixture_matches_the_route_schema( string $name ): void {
		$this->act_as( 'administrator' );
		$response = $this->rest( 'OPTIONS', '/monsterinsights-reports/v1/reports/' . $name );
		$this->assertSame( 200, $response->get_status() );
		$schema = $response->get_data()['schema'];
		$this->assertSame( 'monsterinsights-reports-' . $name, $schema['title'] );

		$file = dirname( __DIR__, 3 ) . '/src/store/reports/test/fixtures/' . $name . '.json';
		$this->assertFileExists( $file, "The built report $name has a payload fixture" );
		$data = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		$this->assertIsArray( $data );

		$this->assertTrue( rest_validate_value_from_schema( $data, $schema, $name ) );
		$this->assert_same_properties( $data, $schema, $name );
	}
}
