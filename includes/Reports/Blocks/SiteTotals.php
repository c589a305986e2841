<?php
/**
 * All-time page views and sessions, with the site's content counts.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Site Summary's `summary`: 0 the page views and 1 the sessions of all time (whatever the
 * range), and the published posts, published pages and approved comments.
 */
final class SiteTotals implements Block {

	/**
	 * The summary's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request (only its timezone counts).
	 * @return array<int|string, int>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$tz       = $request->range->start->getTimezone();
		$all_time = new DateRange( new \DateTimeImmutable( DateRange::EARLIEST, $tz ), new \DateTimeImmutable( 'today', $tz ) );
		$totals   = $source->run( new Query( array( Metric::SCREEN_PAGE_VIEWS, Metric::SESSIONS ), array(), $all_time ) );
		$posts    = wp_count_posts( 'post' );
		$pages    = wp_count_posts( 'page' );
		$comments = wp_count_comments();
		return array(
			0                => (int) $totals->total( Metric::SCREEN_PAGE_VIEWS ),
			1                => (int) $totals->total( Metric::SESSIONS ),
			'total_posts'    => (int) ( $posts->publish ?? 0 ),
			'total_pages'    => (int) ( $pages->publish ?? 0 ),
			'total_comments' => (int) $comments->approved,
		);
	}

	/**
	 * The summary's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object(
			array(
				'0'              => array( 'type' => 'integer' ),
				'1'              => array( 'type' => 'integer' ),
				'total_posts'    => array( 'type' => 'integer' ),
				'total_pages'    => array( 'type' => 'integer' ),
				'total_comments' => array( 'type' => 'integer' ),
			)
		);
	}
}
