<?php
/**
 * The secret store: encrypted at rest, unreadable under other salts or when altered.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Settings;

use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Tests\TestCase;
use MonsterInsights\Reports\Uninstaller;

// phpcs:disable WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode, WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- The tests read and alter envelopes.

/**
 * Secrets round-trip as strings and arrays; what the option holds is an envelope (version byte,
 * nonce, ciphertext) that names none of the secret, new at every write; an envelope altered, read
 * under other salts, moved to another name or of an unknown version reads as null, without a
 * warning; the option is not autoloaded; deleting and uninstalling remove them.
 */
class SecretsTest extends TestCase {

	/**
	 * A service-account key, as Google hands it out (made up).
	 */
	private const SERVICE_ACCOUNT = array(
		'type'           => 'service_account',
		'project_id'     => 'example-project',
		'private_key_id' => '0123456789abcdef0123456789abcdef01234567',
		'private_key'    => "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
		'client_email'   => 'reports@example-project.iam.gserviceaccount.com',
	);

	/**
	 * The raw envelopes of the site's option.
	 *
	 * @return array<string, string>
	 */
	private function envelopes(): array {
		$all = get_option( Secrets::OPTION );
		$this->assertIsArray( $all );
		return $all;
	}

	/**
	 * A string and an array come back as they were stored.
	 */
	public function test_strings_and_arrays_round_trip(): void {
		$token = array(
			'access_token' => 'ya29.a0AfB_byExampleAccessToken',
			'expires'      => 1767225600,
		);
		$this->assertTrue( Secrets::set( 'refresh_token', '1//0gExampleRefreshToken-é' ) );
		$this->assertTrue( Secrets::set( 'service_account', self::SERVICE_ACCOUNT ) );
		$this->assertTrue( Secrets::set( 'access_token', $token ) );
		$this->assertTrue( Secrets::set( 'empty', '' ) );

		$this->assertSame( '1//0gExampleRefreshToken-é', Secrets::get( 'refresh_token' ) );
		$this->assertSame( self::SERVICE_ACCOUNT, Secrets::get( 'service_account' ) );
		$this->assertSame( $token, Secrets::get( 'access_token' ) );
		$this->assertSame( '', Secrets::get( 'empty' ) );
		$this->assertSame( '1//0gExampleRefreshToken-é', Secrets::get( 'refresh_token', Secrets::SITE ) );
		$this->assertNull( Secrets::get( 'client_secret' ) );
		$this->assertSame( Secrets::SITE, Secrets::scope() );

		// A second write replaces the first.
		$this->assertTrue( Secrets::set( 'refresh_token', 'second' ) );
		$this->assertSame( 'second', Secrets::get( 'refresh_token' ) );
		$this->assertSame( array( 'refresh_token', 'service_account', 'access_token', 'empty' ), array_keys( $this->envelopes() ) );
	}

	/**
	 * The option holds envelopes — base64 of version 1, a 24-byte nonce and the ciphertext (16
	 * bytes of tag more than the JSON) — that hold none of the secret; the same secret written
	 * twice gives two nonces and two ciphertexts.
	 */
	public function test_envelopes_are_new_at_each_write_and_hide_the_secret(): void {
		$secret = 'GOCSPX-ExampleClientSecret';
		$this->assertTrue( Secrets::set( 'client_secret', $secret ) );
		$first = $this->envelopes()['client_secret'];
		$this->assertTrue( Secrets::set( 'client_secret', $secret ) );
		$second = $this->envelopes()['client_secret'];
		$this->assertNotSame( $first, $second );

		$bytes = array();
		foreach ( array( $first, $second ) as $envelope ) {
			$this->assertStringNotContainsString( $secret, $envelope );
			$raw = base64_decode( $envelope, true );
			$this->assertIsString( $raw );
			$this->assertStringNotContainsString( $secret, $raw );
			$this->assertSame( 1, ord( $raw[0] ) );
			$this->assertSame( 1 + 24 + strlen( '"' . $secret . '"' ) + 16, strlen( $raw ) );
			$bytes[] = $raw;
		}
		$this->assertNotSame( substr( $bytes[0], 1, 24 ), substr( $bytes[1], 1, 24 ) );
		$this->assertNotSame( substr( $bytes[0], 25 ), substr( $bytes[1], 25 ) );
		$this->assertStringNotContainsString( $secret, (string) maybe_serialize( get_option( Secrets::OPTION ) ) );
		$this->assertSame( $secret, Secrets::get( 'client_secret' ) );
	}

	/**
	 * The option is not autoloaded, from its first write on.
	 */
	public function test_the_option_is_not_autoloaded(): void {
		global $wpdb;
		$this->assertTrue( Secrets::set( 'client_secret', 'x' ) );
		$this->assertTrue( Secrets::set( 'refresh_token', 'y' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- Reads the row as WordPress stored it.
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", Secrets::OPTION ) );
		$this->assertContains( $autoload, array( 'no', 'off' ) );
		$this->assertArrayNotHasKey( Secrets::OPTION, wp_load_alloptions() );
	}

	/**
	 * Any change to an envelope — a flipped bit in the ciphertext, the nonce or the version, a cut,
	 * text that is not base64, another type — reads as null, with no warning (the test run turns
	 * warnings into failures).
	 */
	public function test_an_altered_envelope_reads_as_null(): void {
		$this->assertTrue( Secrets::set( 'refresh_token', 'the-token' ) );
		$raw = (string) base64_decode( $this->envelopes()['refresh_token'], true );

		$flip     = static fn( string $bytes, int $at ): string => substr_replace( $bytes, chr( ord( $bytes[ $at ] ) ^ 1 ), $at, 1 );
		$variants = array(
			'ciphertext' => base64_encode( $flip( $raw, strlen( $raw ) - 1 ) ),
			'tag'        => base64_encode( $flip( $raw, 30 ) ),
			'nonce'      => base64_encode( $flip( $raw, 5 ) ),
			'version'    => base64_encode( chr( 2 ) . substr( $raw, 1 ) ),
			'cut'        => base64_encode( substr( $raw, 0, 30 ) ),
			'empty'      => '',
			'not base64' => '*** not base64 ***',
			'plain'      => 'the-token',
			'number'     => 42,
			'list'       => array( 'a' ),
		);
		foreach ( $variants as $label => $stored ) {
			update_option( Secrets::OPTION, array( 'refresh_token' => $stored ), false );
			$this->assertNull( Secrets::get( 'refresh_token' ), $label );
		}
		update_option( Secrets::OPTION, 'not an array', false );
		$this->assertNull( Secrets::get( 'refresh_token' ) );
		$this->assertNull( Secrets::scope() );
	}

	/**
	 * An envelope copied under another name does not open: each name has a key of its own.
	 */
	public function test_an_envelope_moved_to_another_name_reads_as_null(): void {
		$this->assertTrue( Secrets::set( 'access_token', 'short-lived' ) );
		$this->assertTrue( Secrets::set( 'refresh_token', 'long-lived' ) );
		$all                  = $this->envelopes();
		$all['refresh_token'] = $all['access_token'];
		update_option( Secrets::OPTION, $all, false );
		$this->assertNull( Secrets::get( 'refresh_token' ) );
		$this->assertSame( 'short-lived', Secrets::get( 'access_token' ) );
	}

	/**
	 * The key comes from wp_salt( 'auth' ): once the salts change, nothing stored before opens;
	 * what is stored again opens; back under the old salts, the old envelope opens again. Other
	 * salts (the logged-in one) play no part.
	 */
	public function test_changed_salts_read_as_null(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'before' ) );
		$old = $this->envelopes()['client_secret'];

		$logged_in = static fn( string $salt, string $scheme ): string => 'logged_in' === $scheme ? 'another logged-in salt' : $salt;
		add_filter( 'salt', $logged_in, 10, 2 );
		$this->assertSame( 'before', Secrets::get( 'client_secret' ) );
		remove_filter( 'salt', $logged_in, 10 );

		$auth = static fn( string $salt, string $scheme ): string => 'auth' === $scheme ? 'new AUTH_KEY and AUTH_SALT after a leak' : $salt;
		add_filter( 'salt', $auth, 10, 2 );
		$this->assertNull( Secrets::get( 'client_secret' ) );
		$this->assertTrue( Secrets::set( 'client_secret', 'after' ) );
		$this->assertSame( 'after', Secrets::get( 'client_secret' ) );
		remove_filter( 'salt', $auth, 10 );

		$this->assertNull( Secrets::get( 'client_secret' ) );
		update_option( Secrets::OPTION, array( 'client_secret' => $old ), false );
		$this->assertSame( 'before', Secrets::get( 'client_secret' ) );
	}

	/**
	 * Deleting removes one secret and keeps the others; the last one takes the option with it;
	 * delete_all() removes them all. Bad names are refused.
	 */
	public function test_delete(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'a' ) );
		$this->assertTrue( Secrets::set( 'refresh_token', 'b' ) );
		$this->assertTrue( Secrets::delete( 'client_secret' ) );
		$this->assertFalse( Secrets::delete( 'client_secret' ) );
		$this->assertNull( Secrets::get( 'client_secret' ) );
		$this->assertSame( 'b', Secrets::get( 'refresh_token' ) );
		$this->assertTrue( Secrets::delete( 'refresh_token' ) );
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertNull( Secrets::scope() );

		$this->assertTrue( Secrets::set( 'client_secret', 'a' ) );
		$this->assertTrue( Secrets::set( 'refresh_token', 'b' ) );
		Secrets::delete_all();
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertNull( Secrets::get( 'refresh_token' ) );

		foreach ( array( '', 'with space', str_repeat( 'a', 65 ), "new\nline" ) as $name ) {
			$this->assertFalse( Secrets::set( $name, 'x' ), $name );
			$this->assertNull( Secrets::get( $name ), $name );
		}
		$this->assertFalse( Secrets::set( 'client_secret', 'x', 'other' ) );
		$this->assertFalse( Secrets::set( 'not_json', array( 'expires' => INF ) ) );
		$this->assertFalse( get_option( Secrets::OPTION ) );
	}

	/**
	 * On a single site there is no network scope: writing to it is refused, reading it is null.
	 */
	public function test_no_network_scope_on_a_single_site(): void {
		if ( is_multisite() ) {
			$this->assertTrue( Secrets::set( 'client_secret', 'network', Secrets::NETWORK ) );
			$this->assertSame( 'network', Secrets::get( 'client_secret', Secrets::NETWORK ) );
			$this->assertFalse( get_option( Secrets::OPTION ) );
			return;
		}
		$this->assertFalse( Secrets::set( 'client_secret', 'network', Secrets::NETWORK ) );
		$this->assertNull( Secrets::get( 'client_secret', Secrets::NETWORK ) );
		$this->assertFalse( get_option( Secrets::NETWORK_OPTION ) );
		$this->assertFalse( get_option( Secrets::OPTION ) );
	}

	/**
	 * Uninstalling removes the site's secrets (and, on a network, the network's).
	 */
	public function test_uninstall_removes_the_secrets(): void {
		$this->assertTrue( Secrets::set( 'client_secret', 'a' ) );
		if ( is_multisite() ) {
			$this->assertTrue( Secrets::set( 'client_secret', 'b', Secrets::NETWORK ) );
		}
		Uninstaller::run();
		$this->assertFalse( get_option( Secrets::OPTION ) );
		$this->assertFalse( get_network_option( null, Secrets::NETWORK_OPTION ) );
		$this->assertNull( Secrets::scope() );
	}
}
