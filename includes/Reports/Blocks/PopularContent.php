<?php
/**
 * The most viewed published post of a type.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `popular_page` and `popular_post`: of the candidates (the most viewed paths
 * first), the first that is a published post of the type, with its link, title, medium image and
 * metrics; an empty array when none is.
 */
final class PopularContent implements Block {

	/**
	 * Makes the block.
	 *
	 * @param Candidates $candidates The request's candidates.
	 * @param string     $post_type  page or post.
	 */
	public function __construct( private Candidates $candidates, private string $post_type ) {}

	/**
	 * The post's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return array<string, mixed>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		foreach ( $this->candidates->of( $source, $request->range ) as $row ) {
			$post_id = $row['post_id'];
			if ( ! Candidates::is_published( $post_id, $this->post_type ) ) {
				continue;
			}
			$image = get_the_post_thumbnail_url( $post_id, 'medium' );
			return array(
				'url'             => (string) get_permalink( $post_id ),
				'title'           => html_entity_decode( get_the_title( $post_id ), ENT_QUOTES, 'UTF-8' ),
				'img'             => is_string( $image ) ? $image : '',
				'pageviews'       => $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0,
				'sessions'        => $row['metrics'][ Metric::SESSIONS ] ?? 0,
				'bounceRate'      => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
				'engagedSessions' => $row['metrics'][ Metric::ENGAGED_SESSIONS ] ?? 0,
			);
		}
		return array();
	}

	/**
	 * An object, or an empty array when there is none.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return array( 'type' => array( 'object', 'array' ) ) + Schema::object(
			array(
				'url'             => Schema::text(),
				'title'           => Schema::text(),
				'img'             => Schema::text(),
				'pageviews'       => Schema::number(),
				'sessions'        => Schema::number(),
				'bounceRate'      => Schema::number(),
				'engagedSessions' => Schema::number(),
			)
		);
	}
}
