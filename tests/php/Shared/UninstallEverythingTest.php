<?php
/**
 * Uninstalling leaves nothing of the plugin, on every site, after real use.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * The tests' own install cannot drop tables for good (each test is a transaction; the harness makes
 * DROP TABLE temporary), so this test runs a WordPress of its own beside it, in other processes:
 * the same database under the table prefix `mirun_`, a content folder of its own, installed by
 * tests/php/install.php and used, deactivated and deleted by tests/php/Support/Uninstall/site.php
 * — on a network, the plugin network-activated on two sites. Before the uninstall, that install
 * holds the plugin's tables, options (the data version, the compaction mark, hundreds of cached
 * report payloads, a data source's secrets), notes, categories, AI chats, user meta, cron events,
 * capabilities, network options and data folders; after it, no row of any table, no table and no
 * file names the plugin.
 */
class UninstallEverythingTest extends TestCase {

	private const PREFIX = 'mirun_';

	/**
	 * Runs a PHP script of the tests for the uninstall install; returns its output.
	 *
	 * @param string   $script The script, below tests/php.
	 * @param string[] $args   Its arguments.
	 */
	private function run_script( string $script, array $args ): string {
		$command                      = array_merge( array( PHP_BINARY, dirname( __DIR__ ) . '/' . $script ), $args );
		$env                          = getenv() + array();
		$env['WP_TESTS_TABLE_PREFIX'] = self::PREFIX;
		$env['WP_TESTS_CONTENT_DIR']  = $this->content();
		$pipes                        = array();
		$errors                       = (string) wp_tempnam( 'mir-uninstall' );
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- The other install runs in processes of its own.
		$process = proc_open(
			$command,
			array(
				1 => array( 'pipe', 'w' ),
				2 => array( 'file', $errors, 'w' ),
			),
			$pipes,
			null,
			$env
		);
		$this->assertIsResource( $process );
		$out    = (string) stream_get_contents( $pipes[1] );
		$status = proc_close( $process );
		$err    = (string) file_get_contents( $errors ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		wp_delete_file( $errors );
		$this->assertSame( 0, $status, "$script " . implode( ' ', $args ) . ": $out $err" );
		$this->assertSame( '', $err, $script );
		return $out;
	}

	/**
	 * The install's content folder.
	 */
	private function content(): string {
		return WP_CONTENT_DIR . '-uninstall';
	}

	/**
	 * A fresh content folder holding the plugin (a symlink to this repository) and core's themes.
	 */
	private function fresh_content(): void {
		$content = $this->content();
		if ( is_dir( $content ) ) {
			$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $content, \FilesystemIterator::SKIP_DOTS ), \RecursiveIteratorIterator::CHILD_FIRST );
			foreach ( $files as $file ) {
				// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir, WordPress.WP.AlternativeFunctions.unlink_unlink -- The test's own folder.
				( $file->isDir() && ! $file->isLink() ) ? rmdir( (string) $file ) : unlink( (string) $file );
			}
		}
		mkdir( $content . '/plugins', 0777, true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_mkdir
		mkdir( $content . '/tmp' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_mkdir
		symlink( MONSTERINSIGHTS_REPORTS_TESTS_ROOT, $content . '/plugins/monsterinsights-reports' );
		symlink( ABSPATH . 'wp-content/themes', $content . '/themes' );
	}

	/**
	 * Use, deactivate, delete: then nothing of the plugin is left.
	 */
	public function test_uninstall_leaves_nothing_after_real_use(): void {
		$network = is_multisite() ? array( '--multisite' ) : array();
		$this->fresh_content();
		$this->assertSame( '', $this->run_script( 'install.php', $network ) );

		$log = json_decode( $this->run_script( 'Support/Uninstall/site.php', array_merge( array( 'use' ), $network ) ), true );
		$this->assertIsArray( $log );
		foreach ( $log as $line ) {
			// The Search Console report says on the builtin source which source provides it (a 400).
			$this->assertMatchesRegularExpression( '/^(site \d+|seeded: [1-9]\d*|vitals rate: \d+|[A-Z]+ \S+: 20[01]|GET \/reports\/queries: 400)$/', $line, implode( "\n", $log ) );
		}
		$sites = is_multisite() ? 2 : 1;
		$this->assertCount( $sites, preg_grep( '/^seeded: /', $log ) );

		$result = json_decode( $this->run_script( 'Support/Uninstall/site.php', array_merge( array( 'uninstall' ), $network ) ), true );
		$this->assertIsArray( $result );
		$before = implode( "\n", $result['before'] );

		// The plugin was used for real: every kind of data it keeps was there.
		$blog_prefixes = is_multisite() ? array( self::PREFIX, self::PREFIX . '2_' ) : array( self::PREFIX );
		foreach ( $blog_prefixes as $blog_prefix ) {
			foreach ( Tables::TABLES as $table ) {
				$this->assertContains( 'table ' . $blog_prefix . 'mir_' . $table, $result['before'] );
			}
			$options = array( 'monsterinsights_reports_data_version', 'monsterinsights_reports_compacted_before', 'monsterinsights_reports_settings', 'monsterinsights_reports_licence', 'monsterinsights_reports_speed_audit', 'monsterinsights_reports_secrets', 'monsterinsights_reports_ai_provider', 'monsterinsights_reports_service_secrets', '_transient_mir_report_[0-9a-f]{32}', '_transient_monsterinsights_reports_vitals_rate', $blog_prefix . 'user_roles' );
			foreach ( $options as $option ) {
				$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'options', '/' ) . ' \[[^\]]+\] \{"option_id":"\d+","option_name":"' . $option . '"/m', $before, $option );
			}
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'posts', '/' ) . ' \[monsterinsights_note\]/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'term_taxonomy', '/' ) . ' \[monsterinsights_note\]/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'termmeta', '/' ) . ' \[background_color\]/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'postmeta', '/' ) . ' \[important\]/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'posts', '/' ) . ' \[mir_ai_chat\]/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . preg_quote( $blog_prefix . 'postmeta', '/' ) . ' \[monsterinsights_reports\] .*_monsterinsights_reports_pinned/m', $before );
		}
		// A cached payload is two rows: its value and its timeout.
		$this->assertGreaterThanOrEqual( 30 * $sites, count( preg_grep( '/_transient_mir_report_/', $result['before'] ) ) );
		$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'usermeta .*monsterinsights_reports_included_metrics/m', $before );
		$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'usermeta .*monsterinsights_reports_dismissed_notifications/m', $before );
		foreach ( $blog_prefixes as $blog_prefix ) {
			$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'usermeta .*"' . preg_quote( $blog_prefix, '/' ) . 'monsterinsights_reports_feature_feedback"/m', $before );
		}
		$this->assertMatchesRegularExpression( '/^file \/uploads\/.*monsterinsights/m', $before );
		if ( is_multisite() ) {
			$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'sitemeta .*monsterinsights_reports_network_licence/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'sitemeta .*monsterinsights_reports_network_modules/m', $before );
			$this->assertMatchesRegularExpression( '/^row ' . self::PREFIX . 'sitemeta .*monsterinsights_reports_network_secrets/m', $before );
			$this->assertMatchesRegularExpression( '/^file \/uploads\/sites\/2\/.*monsterinsights/m', $before );
		}

		$this->assertSame( array(), $result['after'] );
	}
}
