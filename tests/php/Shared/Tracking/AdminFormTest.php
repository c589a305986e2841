<?php
/**
 * WordPress's toolbar search is no site form: the collector drops its form events.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * A form_impression or form_conversion of `adminbarsearch` (the toolbar's search form on every
 * page of a logged-in visitor) is dropped like a bot's hit: 204, nothing written.
 */
class AdminFormTest extends TestCase {

	use Files;

	/**
	 * The data dir of the test.
	 *
	 * @var string
	 */
	private string $dir = '';

	/**
	 * A data dir per test.
	 */
	protected function set_up() {
		parent::set_up();
		$this->dir = $this->scratch_dir();
	}

	/**
	 * Removes the scratch dirs.
	 */
	protected function tear_down() {
		$this->remove_scratch_dirs();
		parent::tear_down();
	}

	/**
	 * Sends one form event of a logged-in editor.
	 *
	 * @param string $name The event.
	 * @param string $form The form id.
	 * @return array{0: int, 1: string} The status and the reason.
	 */
	private function collect( string $name, string $form ): array {
		$collector = new Collector(
			Config::from_array(
				array(
					'site_id'  => '1',
					'crawlers' => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
				)
			),
			new Buffer( $this->dir )
		);
		$status    = $collector->handle(
			array(
				'REQUEST_METHOD'      => 'POST',
				'REMOTE_ADDR'         => '203.0.113.77',
				'HTTP_USER_AGENT'     => 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
				'HTTP_SEC_FETCH_MODE' => 'no-cors',
			),
			(string) wp_json_encode(
				array(
					't'  => 'event',
					'p'  => '/hello-world/',
					'u'  => 'editor',
					'en' => $name,
					'ep' => array( 'form' => $form ),
				)
			),
			1773144000.0
		);
		return array( $status, $collector->reason() );
	}

	/**
	 * The toolbar's search, in any case, is dropped; a content form of the same page is written.
	 */
	public function test_toolbar_search_is_no_site_form() {
		$this->assertSame( array( 204, 'admin_form' ), $this->collect( 'form_impression', 'adminbarsearch' ) );
		$this->assertSame( array( 204, 'admin_form' ), $this->collect( 'form_conversion', 'adminbarsearch' ) );
		$this->assertSame( array( 204, 'admin_form' ), $this->collect( 'form_impression', 'AdminBarSearch' ) );
		$this->assertSame( array( 204, '' ), $this->collect( 'form_impression', 'newsletter' ) );
		$this->assertSame( array( 204, '' ), $this->collect( 'form_impression', 'adminbarsearch-2' ) );

		$lines = self::json_lines( ( new Buffer( $this->dir ) )->path() );
		$this->assertSame( array( 'newsletter', 'adminbarsearch-2' ), array_column( array_column( $lines, 'ep' ), 'form' ) );
	}
}
