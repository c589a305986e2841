<?php
/**
 * Which optional parts of a report the source can give.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\AnswersMetrics;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * `{ part: bool, … }`: a part is available when the source answers its metric (AnswersMetrics) or
 * knows its dimension (Source::supports()). The screen hides a part that is not, e.g. the
 * Publishers' exit pages on the google source (GA4 has no exits) or its demographics on the
 * builtin source (only Google signals know age, gender and interests).
 */
final class Availability implements Block {

	/**
	 * The parts.
	 *
	 * @param array<string, array{0: 'metric'|'dimension', 1: string}> $parts Part → what it needs.
	 */
	public function __construct( private readonly array $parts ) {
	}

	/**
	 * Whether the source can give a part.
	 *
	 * @param Source $source The source.
	 * @param string $part   The part.
	 */
	public function has( Source $source, string $part ): bool {
		list( $kind, $name ) = $this->parts[ $part ];
		if ( 'metric' === $kind ) {
			return ! $source instanceof AnswersMetrics || $source->answers_metric( $name );
		}
		return $source->supports( $name );
	}

	/**
	 * The block's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, bool>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$out = array();
		foreach ( array_keys( $this->parts ) as $part ) {
			$out[ $part ] = $this->has( $source, $part );
		}
		return $out;
	}

	/**
	 * The JSON schema of that part.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object( array_map( static fn(): array => array( 'type' => 'boolean' ), $this->parts ) );
	}
}
