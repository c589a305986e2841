<?php
/**
 * The collector's buffer, as the aggregator reads it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin;

defined( 'ABSPATH' ) || exit;

/**
 * Adapts Buffer (written by the collector, in the site's private uploads folder) to HitFiles.
 */
final class BufferFiles implements HitFiles {

	/**
	 * Wraps a buffer.
	 *
	 * @param Buffer $buffer The collector's buffer.
	 */
	public function __construct( private Buffer $buffer ) {
	}

	/**
	 * The buffer of the current site.
	 */
	public static function for_current_site(): self {
		return new self( new Buffer( wp_upload_dir( null, false )['basedir'] . '/monsterinsights-reports' ) );
	}

	/**
	 * Claimed files left by earlier runs, oldest first.
	 *
	 * @return string[]
	 */
	public function claimed(): array {
		return $this->buffer->claimed();
	}

	/**
	 * Claims the live buffer.
	 */
	public function claim(): ?string {
		return $this->buffer->claim();
	}

	/**
	 * Deletes a processed file.
	 *
	 * @param string $path The claimed file.
	 */
	public function release( string $path ): void {
		$this->buffer->release( $path );
	}
}
