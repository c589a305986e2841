<?php
/**
 * The posts of the Site Summary's candidate paths, resolved together.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Reports\Blocks\Candidates;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Candidates::post_ids() answers what url_to_postid() answers for each path, in a number of
 * queries that does not grow with the number of posts among them.
 */
class CandidatePostsTest extends TestCase {

	/**
	 * Pretty permalinks.
	 */
	protected function set_up() {
		parent::set_up();
		self::permalinks( '/%postname%/' );
	}

	/**
	 * Plain permalinks again.
	 */
	protected function tear_down() {
		self::permalinks( '' );
		parent::tear_down();
	}

	/**
	 * Sets the permalink structure and its rewrite rules.
	 *
	 * @param string $structure The structure.
	 */
	private static function permalinks( string $structure ): void {
		global $wp_rewrite;
		$wp_rewrite->set_permalink_structure( $structure );
		$wp_rewrite->flush_rules( false );
	}

	/**
	 * A post.
	 *
	 * @param array<string, mixed> $post Its fields.
	 */
	private static function insert( array $post ): int {
		return (int) wp_insert_post( $post + array( 'post_status' => 'publish' ) );
	}

	/**
	 * Published posts.
	 *
	 * @param int    $count How many.
	 * @param string $type  Post type.
	 * @return int[] Their ids.
	 */
	private function posts( int $count, string $type = 'post' ): array {
		$ids = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$ids[] = self::insert(
				array(
					'post_type'   => $type,
					'post_status' => 'publish',
					'post_title'  => ucfirst( $type ) . ' ' . $i,
				)
			);
		}
		return $ids;
	}

	/**
	 * A path of a URL.
	 *
	 * @param string $url The URL.
	 */
	private static function path( string $url ): string {
		return (string) wp_parse_url( $url, PHP_URL_PATH );
	}

	/**
	 * Posts, pages, a child page, a draft, the home page, an archive, a plain permalink, a path with
	 * a query, a missing path and a slug that is a post's at another path: each as url_to_postid().
	 */
	public function test_each_path_is_the_post_url_to_postid_finds(): void {
		$posts    = $this->posts( 3 );
		$pages    = $this->posts( 2, 'page' );
		$child    = self::insert(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Child',
				'post_parent' => $pages[0],
			)
		);
		$draft    = self::insert(
			array(
				'post_status' => 'draft',
				'post_title'  => 'Draft',
				'post_name'   => 'draft-post',
			)
		);
		$paths    = array_merge(
			array_map( fn( int $id ): string => self::path( (string) get_permalink( $id ) ), array_merge( $posts, $pages, array( $child ) ) ),
			array(
				'/',
				'/draft-post/',
				'/category/uncategorized/',
				'/?p=' . $posts[1],
				self::path( (string) get_permalink( $posts[2] ) ) . '?ref=x',
				'/no-such-page/',
				'/elsewhere/' . get_post_field( 'post_name', $posts[0] ) . '/',
				'/' . get_post_field( 'post_name', $child ) . '/',
			)
		);
		$expected = array();
		foreach ( $paths as $path ) {
			$expected[ $path ] = url_to_postid( home_url( $path ) );
		}
		$this->assertSame( $expected, Candidates::post_ids( $paths ) );
		// Spot checks of what url_to_postid() says, so the comparison above compares something.
		$this->assertSame( $posts[0], $expected[ $paths[0] ] );
		$this->assertSame( $child, $expected[ $paths[5] ] );
		$this->assertSame( 0, $expected['/no-such-page/'] );
		unset( $draft );
	}

	/**
	 * Twenty posts take as many queries as two.
	 */
	public function test_queries_do_not_grow_with_the_posts(): void {
		$count = function ( array $ids ): int {
			$paths = array_map( fn( int $id ): string => self::path( (string) get_permalink( $id ) ), $ids );
			wp_cache_flush();
			$before = get_num_queries();
			Candidates::post_ids( $paths );
			return get_num_queries() - $before;
		};
		$few   = $count( $this->posts( 2 ) );
		$many  = $count( $this->posts( 20 ) );
		$this->assertSame( $few, $many );
	}
}
