<?php
/**
 * Behind trusted proxies the collector reads the address the proxies appended, never one the
 * visitor wrote into X-Forwarded-For.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Tracking;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Config;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Ip;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings;
use MonsterInsights\Reports\Tests\Support\Tracking\Files;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * One proxy, two proxies, spoofed entries on the left: the address, its country, the excluded
 * addresses and the rate limit all follow the rightmost entries the proxies wrote.
 */
class CollectorProxyTest extends TestCase {

	use Files;

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

	private const MMDB = MONSTERINSIGHTS_REPORTS_DIR . 'node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

	/**
	 * The proxy nearest the server, as REMOTE_ADDR.
	 */
	private const PROXY = '10.0.0.2';

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
	 * A config with the country database.
	 *
	 * @param array<string, mixed> $overrides Keys to change.
	 */
	private static function config( array $overrides = array() ): Config {
		return Config::from_array(
			$overrides + array(
				'site_id'      => '1',
				'hosts'        => array( 'example.org' ),
				'crawlers'     => MONSTERINSIGHTS_REPORTS_DIR . 'build/data/bots.php',
				'country_mmdb' => self::MMDB,
			)
		);
	}

	/**
	 * Collects one page view.
	 *
	 * @param Config      $config    The config.
	 * @param string      $remote    REMOTE_ADDR.
	 * @param string|null $forwarded X-Forwarded-For; none when null.
	 * @param int         $now       Unix time.
	 * @return string The reason ('' when written).
	 */
	private function collect( Config $config, string $remote, ?string $forwarded = null, int $now = 1773144000 ): string {
		$server = array(
			'REQUEST_METHOD'      => 'POST',
			'REMOTE_ADDR'         => $remote,
			'HTTP_USER_AGENT'     => self::CHROME,
			'HTTP_SEC_FETCH_MODE' => 'no-cors',
		);
		if ( null !== $forwarded ) {
			$server['HTTP_X_FORWARDED_FOR'] = $forwarded;
		}
		$collector = new Collector( $config, new Buffer( $this->dir ) );
		$collector->handle(
			$server,
			(string) wp_json_encode(
				array(
					't' => 'pageview',
					'p' => '/',
				)
			),
			(float) $now
		);
		return $collector->reason();
	}

	/**
	 * The lines written so far.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function lines(): array {
		return self::json_lines( ( new Buffer( $this->dir ) )->path() );
	}

	/**
	 * The address read from a request, for each shape of the header.
	 *
	 * @dataProvider forwarded_headers
	 *
	 * @param string|null $header  X-Forwarded-For.
	 * @param bool        $trusted Whether the proxy is trusted.
	 * @param int         $proxies How many proxies.
	 * @param string      $client  The address expected.
	 */
	public function test_client_address( ?string $header, bool $trusted, int $proxies, string $client ) {
		$server = array( 'REMOTE_ADDR' => self::PROXY );
		if ( null !== $header ) {
			$server['HTTP_X_FORWARDED_FOR'] = $header;
		}
		$this->assertSame( $client, Ip::client( $server, $trusted, $proxies ) );
	}

	/**
	 * Headers and the address they give.
	 *
	 * @return array<string, array{0: string|null, 1: bool, 2: int, 3: string}>
	 */
	public function forwarded_headers(): array {
		return array(
			'not trusted'                        => array( '8.8.8.8', false, 1, self::PROXY ),
			'no header'                          => array( null, true, 1, self::PROXY ),
			'one proxy, one entry'               => array( '8.8.8.8', true, 1, '8.8.8.8' ),
			'one proxy, spoofed left entry'      => array( '1.1.1.1, 8.8.8.8', true, 1, '8.8.8.8' ),
			'one proxy, many spoofed entries'    => array( '1.1.1.1,9.9.9.9 ,  8.8.8.8', true, 1, '8.8.8.8' ),
			'two proxies'                        => array( '8.8.8.8, 198.51.100.20', true, 2, '8.8.8.8' ),
			'two proxies, spoofed left entry'    => array( '1.1.1.1, 8.8.8.8, 198.51.100.20', true, 2, '8.8.8.8' ),
			'two proxies, one entry'             => array( '8.8.8.8', true, 2, '8.8.8.8' ),
			'one proxy told, two entries'        => array( '8.8.8.8, 198.51.100.20', true, 1, '198.51.100.20' ),
			'entry with a port'                  => array( '1.1.1.1, 8.8.8.8:4711', true, 1, '8.8.8.8' ),
			'IPv6 entry in brackets with a port' => array( '1.1.1.1, [2001:DB8::1]:443', true, 1, '2001:db8::1' ),
			'IPv6 entry'                         => array( '1.1.1.1, 2001:db8::1', true, 1, '2001:db8::1' ),
			'not an address: the proxy'          => array( '8.8.8.8, unknown', true, 1, self::PROXY ),
			'empty entry: the proxy'             => array( '8.8.8.8,', true, 1, self::PROXY ),
			'spoofed valid left, garbage right'  => array( '1.1.1.1, 999.1.1.1', true, 1, self::PROXY ),
		);
	}

	/**
	 * "1.1.1.1, 8.8.8.8" behind one proxy is 8.8.8.8's country (as a direct visit from 8.8.8.8 is),
	 * not 1.1.1.1's; behind two proxies the second entry from the right counts.
	 */
	public function test_country_follows_the_proxies_entry() {
		$this->assertFileExists( self::MMDB );
		$direct  = self::config();
		$one     = self::config( array( 'trusted_proxy' => true ) );
		$two     = self::config(
			array(
				'trusted_proxy'   => true,
				'trusted_proxies' => 2,
			)
		);
		$reasons = array(
			$this->collect( $direct, '1.1.1.1' ),
			$this->collect( $direct, '8.8.8.8' ),
			$this->collect( $one, self::PROXY, '1.1.1.1, 8.8.8.8' ),
			$this->collect( $two, self::PROXY, '1.1.1.1, 8.8.8.8, 10.0.0.9' ),
			$this->collect( $two, self::PROXY, '8.8.8.8, 1.1.1.1, 10.0.0.9' ),
		);
		$this->assertSame( array( '', '', '', '', '' ), $reasons );
		$lines = $this->lines();
		$this->assertSame( array( 'AU', 'US', 'US', 'US', 'AU' ), array_column( $lines, 'cc' ) );
		// The same visitor as a direct visit from that address.
		$this->assertSame( array( $lines[1]['vk'], $lines[1]['vk'], $lines[0]['vk'] ), array( $lines[2]['vk'], $lines[3]['vk'], $lines[4]['vk'] ) );
	}

	/**
	 * An excluded address stays excluded whatever the visitor puts left of it, behind one proxy and
	 * behind two; an address that is not excluded is not excluded by a spoofed entry either.
	 */
	public function test_spoofed_entries_do_not_escape_the_excluded_addresses() {
		$one = self::config(
			array(
				'trusted_proxy' => true,
				'excluded_ips'  => array( '203.0.113.0/24' ),
			)
		);
		$two = self::config(
			array(
				'trusted_proxy'   => true,
				'trusted_proxies' => 2,
				'excluded_ips'    => array( '203.0.113.0/24' ),
			)
		);
		$this->assertSame( 'excluded_ip', $this->collect( $one, self::PROXY, '203.0.113.5' ) );
		$this->assertSame( 'excluded_ip', $this->collect( $one, self::PROXY, '8.8.8.8, 203.0.113.5' ) );
		$this->assertSame( 'excluded_ip', $this->collect( $one, self::PROXY, '8.8.8.8, 1.1.1.1, 203.0.113.5' ) );
		$this->assertSame( 'excluded_ip', $this->collect( $two, self::PROXY, '8.8.8.8, 203.0.113.5, 10.0.0.9' ) );
		$this->assertSame( '', $this->collect( $one, self::PROXY, '203.0.113.5, 8.8.8.8' ) );
		$this->assertSame( '', $this->collect( $two, self::PROXY, '203.0.113.5, 8.8.8.8, 10.0.0.9' ) );
		$this->assertCount( 2, $this->lines() );
	}

	/**
	 * A visitor who writes a new address into the header with every hit is still one visitor: the
	 * rate limit stops them after RateLimit::MAX_PER_MINUTE hits in the minute.
	 */
	public function test_spoofed_entries_do_not_escape_the_rate_limit() {
		$config  = self::config( array( 'trusted_proxy' => true ) );
		$reasons = array();
		for ( $i = 0; $i < RateLimit::MAX_PER_MINUTE + 5; $i++ ) {
			$reasons[] = $this->collect( $config, self::PROXY, '198.51.' . intdiv( $i, 250 ) . '.' . ( $i % 250 + 1 ) . ', 8.8.8.8', 1773144000 + intdiv( $i, 3 ) );
		}
		$this->assertSame( array_fill( 0, RateLimit::MAX_PER_MINUTE, '' ), array_slice( $reasons, 0, RateLimit::MAX_PER_MINUTE ) );
		$this->assertSame( array_fill( 0, 5, 'rate_limited' ), array_slice( $reasons, RateLimit::MAX_PER_MINUTE ) );
		$this->assertCount( RateLimit::MAX_PER_MINUTE, $this->lines() );
		$this->assertCount( 1, array_unique( array_column( $this->lines(), 'vk' ) ) );
	}

	/**
	 * The setting reaches the collector's config: 1 by default, what the settings say otherwise.
	 */
	public function test_setting_reaches_the_config() {
		delete_option( Settings::OPTION );
		$this->assertSame( 1, Settings::get()['trusted_proxies'] );
		$this->assertSame( 1, ConfigFile::build()->trusted_proxies );
		update_option(
			Settings::OPTION,
			array(
				'trusted_proxy'   => true,
				'trusted_proxies' => 3,
			)
		);
		$config = ConfigFile::build();
		$this->assertSame( 3, $config->trusted_proxies );
		$this->assertSame( 3, Config::from_array( json_decode( $config->to_json(), true ) )->trusted_proxies );
		foreach ( array( 0, 11, 'x', 2.5 ) as $wrong ) {
			$this->assertSame( 1, Config::from_array( array( 'trusted_proxies' => $wrong ) )->trusted_proxies, (string) $wrong );
			$this->assertSame( 1, Settings::normalize( array( 'trusted_proxies' => $wrong ) )['trusted_proxies'], (string) $wrong );
		}
	}
}
