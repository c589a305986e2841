<?php
/**
 * Site Health's test of the buffer of hits waiting for the aggregation.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Admin\SiteHealth;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;

defined( 'ABSPATH' ) || exit;

/**
 * The buffer of hits waiting for the aggregation is small.
 */
final class BufferCheck {

	/**
	 * The bytes of hits waiting for the aggregation: the live buffer and the claimed files, without
	 * their guard lines.
	 */
	public static function pending_bytes(): int {
		$bytes = 0;
		foreach ( DataDir::files() as $path ) {
			$name = basename( $path );
			if ( Buffer::FILE !== $name && 1 !== preg_match( Buffer::CLAIMED_PATTERN, $name ) ) {
				continue;
			}
			$size   = (int) filesize( $path );
			$bytes += max( 0, $size - strlen( PrivateFile::GUARD ) );
		}
		return $bytes;
	}

	/**
	 * The buffer of hits waiting for the aggregation is small.
	 *
	 * @return array<string, mixed>
	 */
	public static function run(): array {
		$bytes = self::pending_bytes();
		$size  = esc_html( Result::size( $bytes ) );
		if ( $bytes >= SiteHealth::BUFFER_CRITICAL ) {
			return Result::make(
				'buffer',
				'critical',
				__( 'Many new visits wait to be processed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a size such as "120 MB". */
					esc_html__( '%s of visits wait in the data folder for the aggregation. The reports lag behind, and the folder keeps growing while the aggregation does not run or cannot keep up. Check the aggregation test, or run "wp monsterinsights-reports aggregate".', 'monsterinsights-reports' ),
					$size
				)
			);
		}
		if ( $bytes >= SiteHealth::BUFFER_RECOMMENDED ) {
			return Result::make(
				'buffer',
				'recommended',
				__( 'New visits wait to be processed', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: a size such as "12 MB". */
					esc_html__( '%s of visits wait in the data folder for the aggregation, more than a few minutes of traffic usually leaves. The reports may lag behind.', 'monsterinsights-reports' ),
					$size
				)
			);
		}
		return Result::make(
			'buffer',
			'good',
			__( 'New visits are processed in time', 'monsterinsights-reports' ),
			sprintf(
				/* translators: %s: a size such as "4 KB". */
				esc_html__( '%s of visits wait for the next aggregation.', 'monsterinsights-reports' ),
				$size
			)
		);
	}
}
