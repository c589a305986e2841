<?php
/**
 * The source's links for a report.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A report's `galinks`: where the source shows its lists in full (its own screens), by list; left
 * out of the payload when the source has none. Each list's link is optional: a source links the
 * lists it has (GA4 has no exit pages).
 */
final class Links implements Optional {

	/**
	 * Makes the links of a report.
	 *
	 * @param string   $report The report's name.
	 * @param string[] $lists  The lists a link may be for.
	 */
	public function __construct( private string $report, private array $lists ) {}

	/**
	 * The links.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, string>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		return $source->links( $this->report );
	}

	/**
	 * The links' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object( array_fill_keys( $this->lists, Schema::text() ), $this->lists );
	}
}
