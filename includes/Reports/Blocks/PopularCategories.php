<?php
/**
 * The most viewed categories.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `popular_categories`: the TOP categories by the page views of their published
 * posts among the candidates, each with its share of the page views of categorised posts (a post in
 * two categories counts for both).
 */
final class PopularCategories implements Block {

	public const TOP = 3;

	/**
	 * Makes the block.
	 *
	 * @param Candidates $candidates The request's candidates.
	 */
	public function __construct( private Candidates $candidates ) {}

	/**
	 * The categories' part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array{title: string, percent: float}>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$views = array();
		foreach ( $this->candidates->of( $source, $request->range ) as $row ) {
			$post_id = $row['post_id'];
			if ( ! Candidates::is_published( $post_id, 'post' ) ) {
				continue;
			}
			foreach ( get_the_category( $post_id ) as $category ) {
				$name           = html_entity_decode( $category->name, ENT_QUOTES, 'UTF-8' );
				$views[ $name ] = ( $views[ $name ] ?? 0 ) + (int) ( $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0 );
			}
		}
		arsort( $views );
		$total = array_sum( $views );
		$out   = array();
		foreach ( array_slice( $views, 0, self::TOP, true ) as $name => $count ) {
			if ( $count > 0 ) {
				$out[] = array(
					'title'   => (string) $name,
					'percent' => Metrics::percent( $count, $total ),
				);
			}
		}
		return $out;
	}

	/**
	 * Titled percents.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return self::titled_percents();
	}

	/**
	 * The schema of a list of titles with their percent (categories, products).
	 *
	 * @return array<string, mixed>
	 */
	public static function titled_percents(): array {
		return Schema::list_of(
			Schema::object(
				array(
					'title'   => Schema::text(),
					'percent' => Schema::number(),
				)
			)
		);
	}
}
