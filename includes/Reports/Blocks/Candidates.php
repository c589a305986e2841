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
				$ids    = self::post_ids( array_map( static fn( array $row ): string => (string) ( $row['dimensions'][ Dimension::PAGE_PATH ] ?? '' ), $result->rows ) );
				$rows   = array();
				foreach ( $result->rows as $row ) {
					$rows[] = $row + array( 'post_id' => $ids[ (string) ( $row['dimensions'][ Dimension::PAGE_PATH ] ?? '' ) ] ?? 0 );
				}
				return $rows;
			}
		);
	}

	/**
	 * The post each path is, as url_to_postid() answers, in a few queries for all of them (it costs
	 * three or four queries a path: its rewrite match's WP_Query, the post's terms and meta). The
	 * published posts whose slug is a path's last segment are read together, with their terms and
	 * meta, and a path is such a post's when the post's permalink is exactly that URL; any other
	 * path (the home page, an archive, a plain or unusual permalink) goes to url_to_postid().
	 *
	 * @param string[] $paths Paths as the source gives them.
	 * @return array<string, int> Path => post id, 0 for none.
	 */
	public static function post_ids( array $paths ): array {
		$slugs = array();
		foreach ( $paths as $path ) {
			$slug = basename( (string) wp_parse_url( $path, PHP_URL_PATH ) );
			if ( '' !== $slug && ! str_contains( $path, '?' ) ) {
				$slugs[ $slug ] = true;
			}
		}
		$by_url = array();
		if ( array() !== $slugs ) {
			$posts = get_posts(
				array(
					'post_name__in'          => array_map( 'strval', array_keys( $slugs ) ),
					'post_type'              => 'any',
					'post_status'            => 'publish',
					'posts_per_page'         => -1,
					'orderby'                => 'ID',
					'order'                  => 'ASC',
					'suppress_filters'       => false,
					'ignore_sticky_posts'    => true,
					'no_found_rows'          => true,
					'update_post_meta_cache' => true,
					'update_post_term_cache' => true,
				)
			);
			foreach ( $posts as $post ) {
				$by_url[ (string) get_permalink( $post ) ] ??= $post->ID;
			}
		}
		$ids = array();
		foreach ( $paths as $path ) {
			$url            = home_url( $path );
			$ids[ $path ] ??= $by_url[ $url ] ?? url_to_postid( $url );
		}
		return $ids;
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
