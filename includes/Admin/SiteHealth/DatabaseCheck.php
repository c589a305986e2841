<?php
/**
 * Site Health's test of the plugin's tables: their size, and the google source past about 10 M page views a month.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Admin\SiteHealth;
use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * The size of the plugin's tables against the site's traffic (docs/product-rules.md#data-sources).
 */
final class DatabaseCheck {

	/**
	 * The bytes of the plugin's tables: information_schema on MySQL/MariaDB; on SQLite, where it
	 * does not know sizes, the whole database file; null when neither is known.
	 */
	public static function database_bytes(): ?int {
		global $wpdb;
		if ( self::is_sqlite() ) {
			$file = defined( 'FQDB' ) ? (string) constant( 'FQDB' ) : '';
			return '' !== $file && is_file( $file ) ? (int) filesize( $file ) : null;
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Table sizes change all the time.
		$bytes = $wpdb->get_var(
			$wpdb->prepare(
				'SELECT SUM(DATA_LENGTH + INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE %s',
				$wpdb->esc_like( $wpdb->prefix . Tables::PREFIX ) . '%'
			)
		);
		return null === $bytes ? null : (int) $bytes;
	}

	/**
	 * Page views of the last 30 days (the preset's range, ending yesterday) from the daily rollup.
	 */
	public static function pageviews_last_30_days(): int {
		global $wpdb;
		$today          = new \DateTimeImmutable( 'now', wp_timezone() );
		list( $range )  = DateRange::preset( 'last30days', $today, (int) get_option( 'start_of_week', 1 ) );
		$table          = Tables::table( 'rollup_site' );
		$previous_error = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- The table name is the plugin's own.
		$pageviews = $wpdb->get_var( $wpdb->prepare( "SELECT SUM(pageviews) FROM {$table} WHERE day BETWEEN %s AND %s", $range->start_ymd(), $range->end_ymd() ) );
		$wpdb->suppress_errors( $previous_error );
		return (int) $pageviews;
	}

	/**
	 * The size of the plugin's tables, and the google source past about 10 M page views a month.
	 *
	 * @return array<string, mixed>
	 */
	public static function run(): array {
		$bytes     = self::database_bytes();
		$pageviews = self::pageviews_last_30_days();
		$size      = null === $bytes
			? __( 'an unknown size', 'monsterinsights-reports' )
			: Result::size( $bytes );
		$facts     = sprintf(
			/* translators: 1: a size such as "120 MB", 2: a number of page views. */
			esc_html__( 'The built-in analytics tables take %1$s; the last 30 days had %2$s page views.', 'monsterinsights-reports' ),
			esc_html( $size ),
			esc_html( number_format_i18n( $pageviews ) )
		);
		if ( self::is_sqlite() ) {
			$facts .= ' ' . esc_html__( 'On SQLite the size is that of the whole database file.', 'monsterinsights-reports' );
		}
		if ( $pageviews > SiteHealth::PAGEVIEWS_PER_MONTH_LIMIT ) {
			return Result::make(
				'database',
				'recommended',
				__( 'This site has outgrown the built-in analytics', 'monsterinsights-reports' ),
				$facts . ' ' . esc_html__( 'Past about 10 million page views a month, the site\'s own database is no longer the right place for analytics: switch to the Google source, whose storage and compute are Google\'s.', 'monsterinsights-reports' )
			);
		}
		return Result::make(
			'database',
			'good',
			__( 'The built-in analytics fit in the site\'s database', 'monsterinsights-reports' ),
			$facts . ' ' . esc_html__( 'Past about 10 million page views a month, the Google source is recommended instead.', 'monsterinsights-reports' )
		);
	}

	/**
	 * Whether WordPress runs on SQLite (the SQLite Database Integration, as in Playground).
	 */
	private static function is_sqlite(): bool {
		return ( defined( 'DB_ENGINE' ) && 'sqlite' === constant( 'DB_ENGINE' ) ) || class_exists( 'WP_SQLite_DB', false );
	}
}
