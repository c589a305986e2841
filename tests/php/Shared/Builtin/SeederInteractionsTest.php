<?php
/**
 * The seeder's form and video events.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Demo\Seeder;
use MonsterInsights\Reports\Sources\Builtin\Demo\Visits;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;

/**
 * Two weeks of demo traffic over a contact page, a pricing page, an About page and posts: the
 * forms and videos of Mix::INTERACTIONS are in the hits it sends, and the rollups count
 * exactly those hits.
 */
class SeederInteractionsTest extends BuiltinTestCase {

	use Files;

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * The seeded events, counted from the buffer lines, equal the rollups' sums.
	 */
	public function test_forms_and_videos_are_seeded_and_rolled_up(): void {
		$dir   = $this->scratch_dir();
		$pages = array(
			array(
				'path'   => '/',
				'object' => 0,
			),
			array(
				'path'   => '/contact/',
				'object' => 0,
			),
			array(
				'path'   => '/pricing/',
				'object' => 0,
			),
			array(
				'path'   => '/about/',
				'object' => 0,
			),
			array(
				'path'   => '/hello-world/',
				'object' => 3,
			),
			array(
				'path'   => '/second-post/',
				'object' => 4,
			),
		);
		$today = new \DateTimeImmutable( '2025-03-14 00:00:00', wp_timezone() );
		$stats = ( new Visits( Seeder::collector( ConfigFile::build(), new Buffer( $dir ) ), 7, $pages ) )->run( 14, $today, $today->getTimestamp() + 12 * HOUR_IN_SECONDS );
		$this->assertSame( 0, $stats['refused'] );

		$lines = self::json_lines( $dir . '/' . Buffer::FILE );
		$forms = array();
		$media = array();
		foreach ( $lines as $line ) {
			$name = (string) $line['en'];
			if ( 'form_impression' === $name || 'form_conversion' === $name ) {
				$form             = (string) $line['ep']['form'];
				$forms[ $form ] ??= array( 0, 0 );
				++$forms[ $form ][ 'form_impression' === $name ? 0 : 1 ];
			} elseif ( str_starts_with( $name, 'video_' ) ) {
				$title             = (string) $line['ep']['title'];
				$media[ $title ] ??= array( 0, 0, 0 );
				if ( 'video_start' === $name ) {
					++$media[ $title ][0];
				} elseif ( 'video_progress' === $name ) {
					$media[ $title ][1] += (int) $line['ep']['seconds'];
				} else {
					++$media[ $title ][2];
				}
			}
		}
		ksort( $forms );
		ksort( $media );
		$this->assertSame( array( 'contact-form', 'newsletter-signup', 'quote-request' ), array_keys( $forms ) );
		$this->assertSame( array( 'Our story in 90 seconds', 'Product walkthrough' ), array_keys( $media ) );
		foreach ( $forms as $counts ) {
			$this->assertLessThan( $counts[0], $counts[1], 'fewer conversions than impressions' );
		}

		$this->aggregate( array_map( static fn( array $line ): string => (string) wp_json_encode( $line ), $lines ) );
		$rolled = array();
		foreach ( Db::rows( 'SELECT form, SUM(impressions) AS i, SUM(conversions) AS c FROM {rollup_forms} GROUP BY form ORDER BY form' ) as $row ) {
			$rolled[ (string) $row['form'] ] = array( (int) $row['i'], (int) $row['c'] );
		}
		$this->assertSame( $forms, $rolled );
		$rolled = array();
		foreach ( Db::rows( 'SELECT title, SUM(plays) AS p, SUM(watch_seconds) AS w, SUM(completions) AS c FROM {rollup_media} GROUP BY title ORDER BY title' ) as $row ) {
			$rolled[ (string) $row['title'] ] = array( (int) $row['p'], (int) $row['w'], (int) $row['c'] );
		}
		$this->assertSame( $media, $rolled );
	}
}
