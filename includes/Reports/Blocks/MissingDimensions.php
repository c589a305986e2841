<?php
/**
 * The custom dimensions a report needs that the source has not got.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A list of names: each custom dimension of the report that the source does not know
 * (Source::supports(); on the google source one the GA4 property has not registered, e.g.
 * form_id), in order; empty when it knows them all. The screen shows MISSING_CUSTOM_DIMENSION's
 * text for each ('Please set up custom dimension "%s" for this report to work.'); the tables by
 * that dimension are empty (Rows::of()).
 */
final class MissingDimensions implements Block {

	/**
	 * The dimensions.
	 *
	 * @param array<string, string> $dimensions The name to show → the Query\Dimension.
	 */
	public function __construct( private readonly array $dimensions ) {
	}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<string>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$out = array();
		foreach ( $this->dimensions as $name => $dimension ) {
			if ( ! $source->supports( $dimension ) ) {
				$out[] = $name;
			}
		}
		return $out;
	}

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of( Schema::text() );
	}
}
