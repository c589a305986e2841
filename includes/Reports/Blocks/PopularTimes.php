<?php
/**
 * The most viewed days of the week or hours of the day.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `popular_days` and `popular_hours`: the TOP values of a time dimension with
 * page views in the range, the most viewed first, each with its share of the range's page views.
 */
final class PopularTimes implements Block {

	public const TOP = 3;

	/**
	 * Makes the list.
	 *
	 * @param string $dimension dayOfWeek or hour.
	 * @param string $key       The value's field: day or hour.
	 * @param int    $max       The largest value: 6 or 23.
	 */
	public function __construct( private string $dimension, private string $key, private int $max ) {}

	/**
	 * The list's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array<string, int|float>>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$result = $source->run( Query::ranked( array( Metric::SCREEN_PAGE_VIEWS ), array( $this->dimension ), $request->range, Metric::SCREEN_PAGE_VIEWS ) );
		$total  = $result->total( Metric::SCREEN_PAGE_VIEWS );
		$out    = array();
		foreach ( $result->rows as $row ) {
			$views = $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0;
			if ( $views <= 0 ) {
				continue;
			}
			$out[] = array(
				$this->key => (int) ( $row['dimensions'][ $this->dimension ] ?? 0 ),
				'percent'  => Metrics::percent( $views, $total ),
			);
			if ( count( $out ) >= self::TOP ) {
				break;
			}
		}
		return $out;
	}

	/**
	 * The list's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of(
			Schema::object(
				array(
					$this->key => array(
						'type'    => 'integer',
						'minimum' => 0,
						'maximum' => $this->max,
					),
					'percent'  => Schema::number(),
				)
			)
		);
	}
}
