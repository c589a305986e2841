<?php
/**
 * The most viewed paths of a range with the post each one is.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * What PopularContent and PopularCategories read: the LIMIT most viewed paths of the range with
 * their page views, sessions, bounce rate and engaged sessions, and the post each path is (0 for
 * none). Asked and resolved once per request through the report's Asked.
 */
final class Candidates {

	public const LIMIT = 50;

	/**
	 * Makes the candidates of a report.
	 *
	 * @param Asked $asked The request's answers.
	 */
	public function __construct( private Asked $asked ) {}

	/**
	 * The candidates of a range, the most viewed first.
	 *
	 * @param Source    $source The source.
	 * @param DateRange $range  The range.
	 * @return list<array{dimensions: array<string, string>, metrics: array<string, int|float>, post_id: int}>
	 */
	public function of( Source $source, DateRange $range ): array {
		return $this->asked->once(
			'candidates:' . spl_object_id( $source ) . ':' . $range->key(),
			function () use ( $source, $range ): array {
				$result = $this->asked->run(
					$source,
					Query::ranked(
						array( Metric::SCREEN_PAGE_VIEWS, Metric::SESSIONS, Metric::BOUNCE_RATE, Metric::ENGAGED_SESSIONS ),
						array( Dimension::PAGE_PATH ),
						$range,
						Metric::SCREEN_PAGE_VIEWS,
						self::LIMIT
					)
				);
				$rows   = array();
				foreach ( $result->rows as $row ) {
					$rows[] = $row + array( 'post_id' => url_to_postid( home_url( $row['dimensions'][ Dimension::PAGE_PATH ] ?? '' ) ) );
				}
				return $rows;
			}
		);
	}

	/**
	 * Whether a post id is a published post of a type.
	 *
	 * @param int    $post_id   The post id (0 for none).
	 * @param string $post_type The type.
	 */
	public static function is_published( int $post_id, string $post_type ): bool {
		return $post_id > 0 && get_post_type( $post_id ) === $post_type && 'publish' === get_post_status( $post_id );
	}
}
