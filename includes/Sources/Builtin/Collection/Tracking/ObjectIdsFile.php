<?php
/**
 * Writes the published post ids into the site's data dir for the collector.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\ObjectIds;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;

defined( 'ABSPATH' ) || exit;

/**
 * The collector cannot ask WordPress whether a hit's post id is real, so WordPress writes the
 * published ids down (Collector\ObjectIds): on activation, once at the end of a request that
 * published, unpublished or deleted a post, and by the hourly cleanup when the file is missing.
 */
final class ObjectIdsFile {

	/**
	 * Whether a write is due at the end of this request.
	 *
	 * @var bool
	 */
	private static bool $pending = false;

	/**
	 * Registers the hooks. Called from Module::register().
	 */
	public static function register(): void {
		add_action( 'transition_post_status', array( self::class, 'on_transition' ), 10, 2 );
		add_action( 'deleted_post', array( self::class, 'schedule' ) );
	}

	/**
	 * Schedules a write when a post enters or leaves the published state.
	 *
	 * @param string $new_status The new status.
	 * @param string $old_status The old one.
	 */
	public static function on_transition( $new_status, $old_status ): void {
		if ( $new_status !== $old_status && ( 'publish' === $new_status || 'publish' === $old_status ) ) {
			self::schedule();
		}
	}

	/**
	 * Writes the file once, when the request ends.
	 */
	public static function schedule(): void {
		if ( ! self::$pending ) {
			self::$pending = true;
			add_action( 'shutdown', array( self::class, 'write_pending' ) );
		}
	}

	/**
	 * Writes the file if a write is due.
	 */
	public static function write_pending(): void {
		if ( self::$pending ) {
			self::$pending = false;
			self::write();
		}
	}

	/**
	 * The ids of the site's published posts (every post type).
	 *
	 * @return int[]
	 */
	public static function ids(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- One indexed query, only when a post changes state; a cache would be stale.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_status = %s", 'publish' ) );
		return array_map( 'intval', $ids );
	}

	/**
	 * Writes the file (a guarded temporary file renamed over it).
	 *
	 * @return bool Whether it was written.
	 */
	public static function write(): bool {
		$dir = DataDir::ensure();
		if ( null === $dir ) {
			return false;
		}
		$path = ( new ObjectIds( $dir ) )->path();
		$temp = $path . '-' . wp_generate_password( 12, false ) . '.tmp.php';
		// phpcs:disable WordPress.WP.AlternativeFunctions -- Uploads are written directly, as core's wp_upload_bits() does.
		if ( false === file_put_contents( $temp, ObjectIds::GUARD . ObjectIds::bitmap( self::ids() ) ) || ! rename( $temp, $path ) ) {
			if ( is_file( $temp ) ) {
				wp_delete_file( $temp );
			}
			return false;
		}
		// phpcs:enable
		return true;
	}

	/**
	 * Writes the file when it is missing.
	 */
	public static function ensure_exists(): void {
		if ( ! is_file( self::path() ) ) {
			self::write();
		}
	}

	/**
	 * The file of the current site.
	 */
	public static function path(): string {
		return ( new ObjectIds( DataDir::path() ) )->path();
	}
}
