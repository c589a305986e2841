<?php
/**
 * Form and media events: the collector's checks, the form plugins' success hooks, the script tag.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\FormConversions;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Module;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\TrackerScript;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A conversion written in a form plugin's success hook carries the visitor key of the same
 * visitor's page views (same address and user agent), the page of the form as its path, and is
 * dropped under Do Not Track, for an excluded role, with the Forms module off or another source.
 */
class FormEventsTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

	/**
	 * The $_SERVER of the test, restored after it.
	 *
	 * @var array<string, mixed>
	 */
	private array $server = array();

	/**
	 * A scratch uploads dir, the builtin source, the Forms module on, a visitor's request.
	 */
	protected function set_up() {
		parent::set_up();
		$this->scratch_uploads();
		update_option( BootData::SOURCE_OPTION, 'builtin' );
		Modules::set( 'forms', true );
		$this->server = $_SERVER;
		$_SERVER      = array_merge(
			$_SERVER,
			array(
				'REQUEST_METHOD'      => 'POST',
				'REQUEST_URI'         => '/wp-admin/admin-ajax.php',
				'REMOTE_ADDR'         => '203.0.113.7',
				'HTTP_USER_AGENT'     => self::CHROME,
				'HTTP_REFERER'        => home_url( '/contact/?ref=menu' ),
				'HTTP_SEC_FETCH_MODE' => 'navigate',
			)
		);
		unset( $_SERVER['HTTP_DNT'], $_SERVER['HTTP_SEC_GPC'] );
	}

	/**
	 * Restores $_SERVER and removes the scratch dirs.
	 */
	protected function tear_down() {
		$_SERVER = $this->server;
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * The buffer's lines.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		$file = DataDir::path() . '/' . Buffer::FILE;
		return is_file( $file ) ? self::json_lines( $file ) : array();
	}

	/**
	 * Each plugin's success hook, called with the arguments the plugin passes, writes one
	 * conversion of its form id, in the visitor's key and on the form's page.
	 */
	public function test_success_hooks_write_conversions(): void {
		$cf7 = new class() {
			/**
			 * The form's post id.
			 */
			public function id(): int {
				return 12;
			}
		};
		do_action( 'wpcf7_mail_sent', $cf7 );
		do_action( 'wpforms_process_complete', array(), array(), array( 'id' => '34' ), 0 );
		do_action( 'gform_after_submission', array( 'id' => 99 ), array( 'id' => 5 ) );
		do_action( 'frm_after_create_entry', 77, 6 );
		do_action( 'ninja_forms_after_submission', array( 'form_id' => '8' ) );
		do_action( 'wpforms_process_complete', array(), array(), array(), 0 );

		$lines = $this->lines();
		$this->assertSame( array( 'wpcf7-12', 'wpforms-34', 'gform-5', 'frm-6', 'nf-8' ), array_map( static fn( array $line ): string => $line['ep']['form'], $lines ) );
		$this->assertSame( array( 'form_conversion' ), array_values( array_unique( array_column( $lines, 'en' ) ) ) );
		$this->assertSame( array( 'event' ), array_values( array_unique( array_column( $lines, 't' ) ) ) );
		$this->assertSame( array( '/contact/?ref=menu' ), array_values( array_unique( array_column( $lines, 'p' ) ) ) );

		// The browser's page view of the same visitor gets the same key.
		$collector = Module::collector();
		$this->assertNotNull( $collector );
		$status = $collector->handle(
			array(
				'REQUEST_METHOD'  => 'POST',
				'REMOTE_ADDR'     => '203.0.113.7',
				'HTTP_USER_AGENT' => self::CHROME,
			),
			'{"t":"pageview","p":"/contact/"}',
			microtime( true )
		);
		$this->assertSame( 204, $status );
		$lines = $this->lines();
		$this->assertCount( 6, $lines );
		$this->assertSame( array( $lines[5]['vk'] ), array_values( array_unique( array_column( $lines, 'vk' ) ) ) );
	}

	/**
	 * A form posted to its own page (no referrer from this site) is on the request's path.
	 */
	public function test_path_of_a_form_posted_to_its_page(): void {
		$_SERVER['HTTP_REFERER'] = 'https://elsewhere.example/';
		$_SERVER['REQUEST_URI']  = '/quote/';
		$this->assertSame( '/quote/', FormConversions::page_path() );
	}

	/**
	 * Nothing is written under Do Not Track, for an administrator, with the module off or with
	 * another source.
	 */
	public function test_privacy_and_switches(): void {
		$_SERVER['HTTP_DNT'] = '1';
		$this->assertFalse( FormConversions::record( 'wpforms-1' ) );
		unset( $_SERVER['HTTP_DNT'] );

		$this->act_as( 'administrator' );
		$this->assertFalse( FormConversions::record( 'wpforms-1' ) );
		wp_set_current_user( 0 );

		Modules::set( 'forms', false );
		$this->assertFalse( FormConversions::record( 'wpforms-1' ) );
		Modules::set( 'forms', true );

		update_option( BootData::SOURCE_OPTION, 'google' );
		$this->assertFalse( FormConversions::record( 'wpforms-1' ) );
		update_option( BootData::SOURCE_OPTION, 'builtin' );

		$this->assertSame( array(), $this->lines() );
		$this->assertTrue( FormConversions::record( 'wpforms-1' ) );
		$this->assertCount( 1, $this->lines() );
	}

	/**
	 * The collector's checks of the form and media events' props.
	 */
	public function test_collector_checks_props(): void {
		$collector = Module::collector();
		$this->assertNotNull( $collector );
		$server = array(
			'REQUEST_METHOD'  => 'POST',
			'REMOTE_ADDR'     => '203.0.113.8',
			'HTTP_USER_AGENT' => self::CHROME,
		);
		$send   = static fn( string $name, array $props ): int => $collector->handle(
			$server,
			(string) wp_json_encode(
				array(
					't'  => 'event',
					'p'  => '/',
					'en' => $name,
					'ep' => (object) $props,
				)
			),
			microtime( true )
		);
		$long   = str_repeat( 'é', 200 );

		$this->assertSame( 204, $send( 'form_impression', array( 'form' => 'newsletter' ) ) );
		$this->assertSame( 204, $send( 'form_conversion', array( 'form' => $long ) ) );
		$this->assertSame( 204, $send( 'video_start', array( 'title' => 'Tour' ) ) );
		$this->assertSame(
			204,
			$send(
				'video_progress',
				array(
					'title'   => 'Tour',
					'seconds' => 12,
					'percent' => 40,
				)
			)
		);
		$this->assertSame( 204, $send( 'video_complete', array( 'title' => 'Tour' ) ) );
		$this->assertSame(
			204,
			$send(
				'video_start',
				array(
					'title' => 'Podcast',
					'kind'  => 'audio',
				)
			)
		);
		foreach (
			array(
				array( 'form_impression', array() ),
				array( 'form_conversion', array( 'form' => '' ) ),
				array( 'form_conversion', array( 'form' => 3 ) ),
				array( 'video_start', array() ),
				array(
					'video_progress',
					array(
						'title'   => 'Tour',
						'seconds' => -1,
						'percent' => 10,
					),
				),
				array(
					'video_progress',
					array(
						'title'   => 'Tour',
						'seconds' => 5,
						'percent' => 101,
					),
				),
				array( 'video_progress', array( 'title' => 'Tour' ) ),
				array(
					'video_start',
					array(
						'title' => 'Tour',
						'kind'  => 'film',
					),
				),
			) as $case
		) {
			$this->assertSame( 400, $send( $case[0], $case[1] ), (string) wp_json_encode( $case ) );
		}
		$lines = $this->lines();
		$this->assertCount( 6, $lines );
		$this->assertSame( 191, mb_strlen( $lines[1]['ep']['form'] ) );
		$this->assertSame(
			array(
				'title' => 'Podcast',
				'kind'  => 'audio',
			),
			$lines[5]['ep']
		);
	}

	/**
	 * The events script (build/events.js) follows the tracker only while the Forms or the Media module is on, and its
	 * tag says which.
	 */
	public function test_events_script_and_its_tag(): void {
		Modules::set( 'forms', false );
		Modules::set( 'media', false );
		$this->assertSame( array(), TrackerScript::event_modules() );
		Modules::set( 'media', true );
		$this->assertSame( array( 'data-m' ), TrackerScript::event_modules() );
		Modules::set( 'forms', true );
		$this->assertSame(
			array(
				'id'     => TrackerScript::EVENTS_HANDLE . '-js',
				'data-f' => '1',
				'data-m' => '1',
			),
			TrackerScript::script_attributes( array( 'id' => TrackerScript::EVENTS_HANDLE . '-js' ) )
		);
	}
}
