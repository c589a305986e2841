<?php
/**
 * The published post ids of a site, as WordPress writes them for the collector.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

// phpcs:disable WordPress.WP.AlternativeFunctions -- Runs without WordPress (collect.php): no WP_Filesystem.

/**
 * `objects.php` in the site's data dir: the exit guard, then one bit per post id (bit `id & 7` of
 * byte `id >> 3`) set for every published post, page or other post type (Tracking\ObjectIdsFile
 * rewrites it when a post is published, unpublished or deleted). The collector reads the one byte
 * of the id a hit names: a hit's `o` is kept when it is a published id and becomes 0 otherwise, so
 * no made-up id reaches the reports.
 */
final class ObjectIds {

	/**
	 * The file's name in the data dir.
	 */
	public const FILE = 'objects.php';

	/**
	 * The first line of the file.
	 */
	public const GUARD = "<?php exit; ?>\n";

	/**
	 * The file.
	 *
	 * @var string
	 */
	private string $path;

	/**
	 * Sets the data dir.
	 *
	 * @param string $dir The site's private data dir.
	 */
	public function __construct( string $dir ) {
		$this->path = rtrim( $dir, '/\\' ) . '/' . self::FILE;
	}

	/**
	 * The file's path.
	 */
	public function path(): string {
		return $this->path;
	}

	/**
	 * Whether an id is a published post's; null when WordPress has not written the file (yet).
	 *
	 * @param int $id A post id, 1 or more.
	 */
	public function has( int $id ): ?bool {
		$handle = @fopen( $this->path, 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Missing until WordPress writes it.
		if ( false === $handle ) {
			return null;
		}
		$guard = (string) fread( $handle, strlen( self::GUARD ) );
		if ( self::GUARD !== $guard ) {
			fclose( $handle );
			return null;
		}
		$byte = '';
		if ( 0 === fseek( $handle, strlen( self::GUARD ) + ( $id >> 3 ) ) ) {
			$byte = (string) fread( $handle, 1 );
		}
		fclose( $handle );
		return '' !== $byte && 0 !== ( ord( $byte ) & ( 1 << ( $id & 7 ) ) );
	}

	/**
	 * The bitmap of a list of ids.
	 *
	 * @param int[] $ids Post ids.
	 */
	public static function bitmap( array $ids ): string {
		$ids = array_filter( $ids, static fn( int $id ): bool => $id > 0 );
		if ( array() === $ids ) {
			return '';
		}
		$bytes = array_fill( 0, ( max( $ids ) >> 3 ) + 1, 0 );
		foreach ( $ids as $id ) {
			$bytes[ $id >> 3 ] |= 1 << ( $id & 7 );
		}
		return pack( 'C*', ...$bytes );
	}
}
