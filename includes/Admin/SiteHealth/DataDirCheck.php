<?php
/**
 * Site Health's test of the data folder: it does not answer with its contents over the web.
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
 * The data folder does not answer with its contents over the web (an asynchronous test).
 */
final class DataDirCheck {

	/**
	 * The data dir does not answer with its contents: a GET of the folder and of a file in it.
	 *
	 * @return array<string, mixed>
	 */
	public static function run(): array {
		$url = DataDir::url();
		if ( null !== $url ) {
			$dir = DataDir::ensure();
			if ( null === $dir ) {
				return Result::make(
					'data_dir',
					'critical',
					__( 'The Insights data folder cannot be created', 'monsterinsights-reports' ),
					esc_html__( 'The uploads folder is not writable, so visits cannot be stored.', 'monsterinsights-reports' )
				);
			}
			$problem = self::over_the_web( $url, $dir );
			if ( null !== $problem ) {
				return $problem;
			}
		}
		return Result::make(
			'data_dir',
			'good',
			__( 'The Insights data folder is private', 'monsterinsights-reports' ),
			null === $url
				? esc_html__( 'It is outside the web root, where no web request reaches it.', 'monsterinsights-reports' )
				: esc_html__( 'Requests to the folder and to a file in it answer nothing of their contents.', 'monsterinsights-reports' )
		);
	}

	/**
	 * What a GET of the data dir inside the web root and of a file in it tell: null when neither
	 * answers with their contents.
	 *
	 * @param string $url The folder's URL.
	 * @param string $dir The folder.
	 * @return array<string, mixed>|null The test's result when the folder is readable or could not be checked.
	 */
	private static function over_the_web( string $url, string $dir ): ?array {
		$file   = is_file( $dir . '/' . Buffer::FILE ) ? Buffer::FILE : DataDir::INDEX;
		$leaked = array();
		$failed = array();
		foreach ( array( $url, $url . $file ) as $address ) {
			$response = wp_remote_get(
				$address,
				array(
					'timeout'     => SiteHealth::TIMEOUT,
					'redirection' => 0,
					/** This filter is documented in wp-includes/class-wp-http-streams.php */
					'sslverify'   => apply_filters( 'https_local_ssl_verify', false ), // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- Core's loopback filter.
				)
			);
			if ( is_wp_error( $response ) ) {
				$failed[] = $address;
				continue;
			}
			$status = (int) wp_remote_retrieve_response_code( $response );
			$body   = (string) wp_remote_retrieve_body( $response );
			if ( $status >= 200 && $status < 300 && self::leaks( $body ) ) {
				$leaked[] = $address;
			}
		}
		if ( array() !== $leaked ) {
			return Result::make(
				'data_dir',
				'critical',
				__( 'The Insights data folder can be read over the web', 'monsterinsights-reports' ),
				sprintf(
					/* translators: %s: one or more URLs. */
					esc_html__( 'A request to %s answered with the folder\'s contents. Move the folder outside the web root with the MONSTERINSIGHTS_REPORTS_DATA_DIR constant in wp-config.php, or make the server run PHP files in uploads.', 'monsterinsights-reports' ),
					implode( ', ', array_map( static fn ( string $address ): string => '<code>' . esc_html( $address ) . '</code>', $leaked ) )
				)
			);
		}
		if ( array() !== $failed ) {
			return Result::make(
				'data_dir',
				'recommended',
				__( 'The Insights data folder could not be checked', 'monsterinsights-reports' ),
				esc_html__( 'The site could not request its own uploads folder, so this test cannot tell whether the folder can be read over the web. Every file in it starts with a PHP exit line and its name is random, which keeps it private on servers that run PHP.', 'monsterinsights-reports' )
			);
		}
		return null;
	}

	/**
	 * Whether an answer shows the data dir's contents: a file's text (its guard line or what follows
	 * it) or the name of a file in it (a listing).
	 *
	 * @param string $body The answer.
	 */
	public static function leaks( string $body ): bool {
		if ( '' === trim( $body ) ) {
			return false;
		}
		if ( str_contains( $body, PrivateFile::GUARD_LINE ) ) {
			return true;
		}
		foreach ( DataDir::files() as $path ) {
			if ( str_contains( $body, basename( $path ) ) ) {
				return true;
			}
			$text = (string) file_get_contents( $path, false, null, 0, 4096 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
			$data = trim( substr( $text, strlen( PrivateFile::GUARD ) ) );
			if ( strlen( $data ) >= 8 && str_contains( $body, substr( $data, 0, 64 ) ) ) {
				return true;
			}
		}
		return false;
	}
}
