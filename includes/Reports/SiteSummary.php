<?php
/**
 * The Site Summary report (spec 1 §2 "Site Summary card set", §3 "Site summary response").
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * All-time views and sessions, content counts, popular days and hours, popular page and post.
 * The most popular page needs a basic licence: below, it is empty (the app shows a blurred sample
 * under an upsell), so no real data is sent.
 */
final class SiteSummary implements Report {

	public const TOP = 3;

	/**
	 * Most viewed paths looked at for the popular page and post.
	 */
	private const CANDIDATES = 50;

	/**
	 * The candidates of each range asked in this request.
	 *
	 * @var array<string, list<array{dimensions: array<string, string>, metrics: array<string, int|float>, post_id: int}>>
	 */
	private array $candidates = array();

	/**
	 * The report's name.
	 */
	public function name(): string {
		return 'site_summary';
	}

	/**
	 * The payload's JSON schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		$content = Schema::object(
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
		$share   = Schema::list_of(
			Schema::object(
				array(
					'title'   => Schema::text(),
					'percent' => Schema::number(),
				)
			)
		);
		return Schema::object(
			array(
				'summary'            => Schema::object(
					array(
						'0'              => array( 'type' => 'integer' ),
						'1'              => array( 'type' => 'integer' ),
						'total_posts'    => array( 'type' => 'integer' ),
						'total_pages'    => array( 'type' => 'integer' ),
						'total_comments' => array( 'type' => 'integer' ),
					)
				),
				'popular_days'       => Schema::list_of(
					Schema::object(
						array(
							'day'     => array(
								'type'    => 'integer',
								'minimum' => 0,
								'maximum' => 6,
							),
							'percent' => Schema::number(),
						)
					)
				),
				'popular_hours'      => Schema::list_of(
					Schema::object(
						array(
							'hour'    => array(
								'type'    => 'integer',
								'minimum' => 0,
								'maximum' => 23,
							),
							'percent' => Schema::number(),
						)
					)
				),
				'popular_page'       => array( 'type' => array( 'object', 'array' ) ) + $content,
				'popular_post'       => array( 'type' => array( 'object', 'array' ) ) + $content,
				'popular_products'   => $share,
				'popular_categories' => $share,
			)
		);
	}

	/**
	 * Payloads are cached for an hour; new data invalidates them earlier.
	 */
	public function cache_ttl(): int {
		return HOUR_IN_SECONDS;
	}

	/**
	 * No table for the tables and CSV routes.
	 *
	 * @return array<string, Table>
	 */
	public function tables(): array {
		return array();
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the queries.
	 * @param ReportRequest $request The range (popular days, hours, page and post); no compare.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		// The report object outlives a request (Registry keeps it): candidates are per build.
		$this->candidates = array();
		$range            = $request->range;
		$tz               = $range->start->getTimezone();
		$all_time         = new DateRange( new \DateTimeImmutable( DateRange::EARLIEST, $tz ), new \DateTimeImmutable( 'today', $tz ) );
		$totals           = $source->run( new Query( array( Metric::SCREEN_PAGE_VIEWS, Metric::SESSIONS ), array(), $all_time ) );

		$posts    = wp_count_posts( 'post' );
		$pages    = wp_count_posts( 'page' );
		$comments = wp_count_comments();

		return array(
			'summary'            => array(
				0                => (int) $totals->total( Metric::SCREEN_PAGE_VIEWS ),
				1                => (int) $totals->total( Metric::SESSIONS ),
				'total_posts'    => (int) ( $posts->publish ?? 0 ),
				'total_pages'    => (int) ( $pages->publish ?? 0 ),
				'total_comments' => (int) $comments->approved,
			),
			'popular_days'       => $this->popular( $source, $range, Dimension::DAY_OF_WEEK, 'day' ),
			'popular_hours'      => $this->popular( $source, $range, Dimension::HOUR, 'hour' ),
			'popular_page'       => Licence::allows( 'most_popular_page' ) ? $this->popular_content( $source, $range, 'page' ) : array(),
			'popular_post'       => $this->popular_content( $source, $range, 'post' ),
			'popular_products'   => array(),
			'popular_categories' => Modules::is_active( 'dimensions' ) ? $this->popular_categories( $source, $range ) : array(),
		);
	}

	/**
	 * The top 3 days of the week or hours of the day, with their share of page views.
	 *
	 * @param Source    $source    The source.
	 * @param DateRange $range     The range.
	 * @param string    $dimension dayOfWeek or hour.
	 * @param string    $key       Field name in the payload: day or hour.
	 * @return array<int, array<string, int|float>>
	 */
	private function popular( Source $source, DateRange $range, string $dimension, string $key ): array {
		$result = $source->run( Query::ranked( array( Metric::SCREEN_PAGE_VIEWS ), array( $dimension ), $range, Metric::SCREEN_PAGE_VIEWS ) );
		$total  = $result->total( Metric::SCREEN_PAGE_VIEWS );
		$out    = array();
		foreach ( $result->rows as $row ) {
			$views = $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0;
			if ( $views <= 0 ) {
				continue;
			}
			$out[] = array(
				$key      => (int) ( $row['dimensions'][ $dimension ] ?? 0 ),
				'percent' => Metrics::percent( $views, $total ),
			);
			if ( count( $out ) >= self::TOP ) {
				break;
			}
		}
		return $out;
	}

	/**
	 * The most viewed paths of the range with the post each one is (0 for none): asked and resolved
	 * once for the popular page, the popular post and the categories.
	 *
	 * @param Source    $source The source.
	 * @param DateRange $range  The range.
	 * @return list<array{dimensions: array<string, string>, metrics: array<string, int|float>, post_id: int}>
	 */
	private function candidates( Source $source, DateRange $range ): array {
		$key = $range->key();
		if ( ! isset( $this->candidates[ $key ] ) ) {
			$result                   = $source->run(
				Query::ranked(
					array( Metric::SCREEN_PAGE_VIEWS, Metric::SESSIONS, Metric::BOUNCE_RATE, Metric::ENGAGED_SESSIONS ),
					array( Dimension::PAGE_PATH ),
					$range,
					Metric::SCREEN_PAGE_VIEWS,
					self::CANDIDATES
				)
			);
			$this->candidates[ $key ] = array();
			foreach ( $result->rows as $row ) {
				$this->candidates[ $key ][] = $row + array( 'post_id' => url_to_postid( home_url( $row['dimensions'][ Dimension::PAGE_PATH ] ?? '' ) ) );
			}
		}
		return $this->candidates[ $key ];
	}

	/**
	 * The most viewed published post of a type in the range, or an empty array.
	 *
	 * @param Source    $source    The source.
	 * @param DateRange $range     The range.
	 * @param string    $post_type page or post.
	 * @return array<string, mixed>
	 */
	private function popular_content( Source $source, DateRange $range, string $post_type ): array {
		// The most viewed paths first; the first that is a published $post_type wins.
		foreach ( $this->candidates( $source, $range ) as $row ) {
			$post_id = $row['post_id'];
			if ( $post_id <= 0 || get_post_type( $post_id ) !== $post_type || 'publish' !== get_post_status( $post_id ) ) {
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
	 * The top categories by the page views of their posts (the dimensions module), each with its
	 * share of the page views of categorised posts.
	 *
	 * @param Source    $source The source.
	 * @param DateRange $range  The range.
	 * @return array<int, array{title: string, percent: float}>
	 */
	private function popular_categories( Source $source, DateRange $range ): array {
		$views = array();
		foreach ( $this->candidates( $source, $range ) as $row ) {
			$post_id = $row['post_id'];
			if ( $post_id <= 0 || 'post' !== get_post_type( $post_id ) || 'publish' !== get_post_status( $post_id ) ) {
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
}
