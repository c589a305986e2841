<?php
/**
 * The demo data of a site: its seeded traffic, stored.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Demo;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\DayRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\EventRollups;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\Journeys;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Shop\WooCommerce;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * Seeds the current site with the demo's traffic (Visits): sent through a collector like the
 * site's own, into a buffer staged in a private temporary folder, then aggregated into the site's
 * tables, and marked (MARKER_OPTION), so that data of the site's own can be told from it
 * (real_data()).
 */
final class Seeder {

	/**
	 * The mark of seeded data: the last page view and event ids a seeding stored, and whether the
	 * site had data of its own then. Rows after those ids are not the seeder's.
	 */
	public const MARKER_OPTION = 'monsterinsights_reports_seeded';

	/**
	 * A collector for the current site that reads countries from the seeder's header.
	 *
	 * @param Config $config The site's collector config.
	 * @param Buffer $buffer The site's buffer.
	 */
	public static function collector( Config $config, Buffer $buffer ): Collector {
		$config                 = clone $config;
		$config->country_header = Visits::COUNTRY_HEADER;
		$config->country_mmdb   = '';
		$config->honor_dnt      = true;
		$config->honor_gpc      = true;
		return new Collector( $config, $buffer );
	}

	/**
	 * Lines per aggregation chunk when seeding: the staged buffer is private to the run, so
	 * larger transactions than the live aggregation's are safe, and they are cheaper.
	 */
	public const SEED_CHUNK = 5000;

	/**
	 * Days of raw rows per table compacted at the end of a seeding with the demo shop.
	 */
	private const COMPACT_DAYS = 5;

	/**
	 * Seeds the current site and aggregates what was sent.
	 *
	 * The collector writes to a buffer staged in a private temporary folder (its own salts and
	 * rate limits too), which the aggregator then moves into the site's tables in large chunks:
	 * the same collector and aggregator as live traffic, without the site's live buffer or its
	 * per-hit file locks on the uploads folder (slow on network and emulated file systems).
	 *
	 * @param int                     $days  Days back.
	 * @param int                     $seed  The seed.
	 * @param \DateTimeImmutable|null $today Site-local midnight of the last day seeded (up to its noon); today (up to now) by default.
	 * @param bool                    $shop  Whether to place the demo shop's orders in the visits too (Shop; npm start's demo site):
	 *                                       only with WooCommerce active and the eCommerce module on, never on a shop of its own.
	 * @return array{hits: int, refused: int, sessions: int, stored: int, shop?: array{orders: int, paid: int, cancelled: int, refunds: int, full_refunds: int, coupons: int, events: int, seconds: float}}
	 * @throws \RuntimeException When the site's data folder or the staging folder cannot be created.
	 */
	public static function seed_current_site( int $days, int $seed, ?\DateTimeImmutable $today = null, bool $shop = false ): array {
		if ( null === DataDir::ensure() ) {
			throw new \RuntimeException( 'The data folder in uploads cannot be created.' );
		}
		$real  = null !== self::real_data();
		$stage = get_temp_dir() . 'monsterinsights-reports-seed-' . bin2hex( random_bytes( 8 ) );
		if ( ! wp_mkdir_p( $stage ) ) {
			throw new \RuntimeException( 'The seeding folder cannot be created in the temporary folder.' );
		}
		try {
			$collector = self::collector( Tracking\ConfigFile::build(), new Buffer( $stage ) );
			$now       = null !== $today ? $today->getTimestamp() + 12 * HOUR_IN_SECONDS : time();
			// The stage is the seeder's own: its files stay locked for the whole run.
			$collector->hold();
			try {
				$visits = new Visits( $collector, $seed );
				$stats  = $visits->run( $days, $today ?? new \DateTimeImmutable( 'today', wp_timezone() ), $now );
			} finally {
				$collector->end_hold();
			}
			// The shop's orders are tied to the raw sessions, which the aggregation compacts after
			// the raw window: all of them are kept until the orders are placed.
			$shop   = $shop && WooCommerce::is_on();
			$window = static fn(): int => Compaction::MAX_DAYS;
			if ( $shop ) {
				add_filter( 'monsterinsights_reports_raw_days', $window );
				// An aggregation run on the empty site (a first page load) set the compaction mark a
				// window back, which would make every older seeded day final at once, without raw
				// rows: with no day stored yet, there is nothing behind the mark.
				if ( '0' === (string) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' ) ) {
					delete_option( Compaction::BEFORE_OPTION );
				}
			}
			$stored = 0;
			$files  = new BufferFiles( new Buffer( $stage ) );
			$waits  = 0;
			do {
				$result  = ( new Aggregator( $files, self::SEED_CHUNK, null, null !== $today ? $now : null ) )->run();
				$stored += $result->processed;
				// Another run (the live buffer's) holds the lock: wait for it rather than drop the stage.
				if ( $result->locked && ++$waits <= 120 ) {
					sleep( 1 );
				}
			} while ( ( ! $result->complete || $result->locked ) && $waits <= 120 );
			if ( $shop ) {
				try {
					$stats['shop'] = ( new Shop( $seed ) )->run( $visits->sent(), $now );
					// The orders' journeys, while their page views are still raw (with the User
					// Journey module on, as the demo site has it).
					if ( Modules::is_active( Journeys::MODULE ) ) {
						$settled = time();
						while ( Journeys::settle( $settled ) > 0 ) {
							continue;
						}
					}
				} finally {
					remove_filter( 'monsterinsights_reports_raw_days', $window );
				}
				// The shop's complete days rolled up, as a site that ran those days has them.
				EventRollups::on_aggregated();
				DayRollups::roll_complete( 0 );
				// The raw rows past the window go as an aggregation run's compaction deletes them: a
				// few days now (the mark moves at once), the rest with the next runs.
				Compaction::run( $now, null, self::COMPACT_DAYS );
			}
		} finally {
			foreach ( (array) scandir( $stage ) as $name ) {
				if ( is_string( $name ) && is_file( $stage . '/' . $name ) ) {
					wp_delete_file( $stage . '/' . $name );
				}
			}
			rmdir( $stage ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- A private temporary folder.
		}
		update_option(
			self::MARKER_OPTION,
			array(
				'pageviews' => (int) Db::value( 'SELECT COALESCE(MAX(id), 0) FROM {pageviews}' ),
				'events'    => (int) Db::value( 'SELECT COALESCE(MAX(id), 0) FROM {events}' ),
				'real'      => $real,
				'time'      => time(),
			),
			false
		);
		return $stats + array( 'stored' => $stored );
	}

	/**
	 * What the current site holds that no seeding sent, in words; null when it holds nothing else.
	 *
	 * Real data: hits the collector buffered that no aggregation stored yet (the seeder never
	 * writes to the live buffer); without a mark of seeded data, any stored page view, event,
	 * session or day of totals; with one, page views and events stored after the seeding (their
	 * ids are greater), and the data of a site that already had its own when it was seeded.
	 */
	public static function real_data(): ?string {
		$buffer = new Buffer( DataDir::path() );
		clearstatcache( true, $buffer->path() );
		if ( ( is_file( $buffer->path() ) && (int) filesize( $buffer->path() ) > 0 ) || array() !== $buffer->claimed() ) {
			return 'visits waiting in the collector\'s buffer';
		}
		if ( Tables::installed_version() < 1 ) {
			return null;
		}
		$marker = get_option( self::MARKER_OPTION );
		$counts = array(
			'pageviews' => (int) Db::value( 'SELECT COUNT(*) FROM {pageviews}' ),
			'events'    => (int) Db::value( 'SELECT COUNT(*) FROM {events}' ),
		);
		if ( ! is_array( $marker ) ) {
			$sessions = (int) Db::value( 'SELECT COUNT(*) FROM {sessions}' );
			$days     = (int) Db::value( 'SELECT COUNT(*) FROM {rollup_site}' );
			if ( 0 === $counts['pageviews'] + $counts['events'] + $sessions + $days ) {
				return null;
			}
			return sprintf( '%d page views, %d events, %d sessions and %d days of totals, and no mark of an earlier seeding', $counts['pageviews'], $counts['events'], $sessions, $days );
		}
		$after = (int) Db::value( 'SELECT COUNT(*) FROM {pageviews} WHERE id > %d', array( (int) ( $marker['pageviews'] ?? 0 ) ) )
			+ (int) Db::value( 'SELECT COUNT(*) FROM {events} WHERE id > %d', array( (int) ( $marker['events'] ?? 0 ) ) );
		if ( $after > 0 ) {
			return sprintf( '%d page views and events stored since the last seeding', $after );
		}
		if ( ! empty( $marker['real'] ) && $counts['pageviews'] + $counts['events'] > 0 ) {
			return 'data of its own, which an earlier seeding was mixed into';
		}
		return null;
	}
}
