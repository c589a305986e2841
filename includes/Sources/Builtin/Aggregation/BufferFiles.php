<?php
/**
 * The collector's buffer, as the aggregator reads it.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDirMigration;

defined( 'ABSPATH' ) || exit;

/**
 * Adapts Buffer (written by the collector, in the site's private data dir, see DataDir) to HitFiles.
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
	 * The buffer of the current site, after moving the hits of a previous data dir (the folder of
	 * version 1.0) into it, so an upgrade loses none.
	 */
	public static function for_current_site(): self {
		DataDirMigration::maybe_migrate();
		return new self( new Buffer( DataDir::path() ) );
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
