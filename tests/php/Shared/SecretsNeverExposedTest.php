<?php
/**
 * No answer of the plugin holds a stored secret.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Privacy;
use MonsterInsights\Reports\REST\Controller;
use MonsterInsights\Reports\REST\CsvResponse;
use MonsterInsights\Reports\REST\MetricsController;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Settings\Secrets;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\FakeShop;
use MonsterInsights\Reports\Tests\Support\Notes\NotesRequests;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * With known secrets stored for the site (and the network), every GET route of the plugin's
 * namespace (the routes come from the REST server, so a new route is checked without a change here)
 * answers an administrator (a super admin on a network) — its body, CSV and headers — without any
 * secret, in plain text or as stored (the AI provider's key too); the personal data exporters of
 * the plugin export none of them either.
 */
class SecretsNeverExposedTest extends TestCase {

	use FakeShop;
	use NotesRequests;

	/**
	 * The secrets stored, by name.
	 */
	private const SECRETS = array(
		'client_secret'   => 'GOCSPX-NeverExposedClientSecret',
		'refresh_token'   => '1//0gNeverExposedRefreshToken',
		'access_token'    => array(
			'access_token' => 'ya29.NeverExposedAccessToken',
			'expires'      => 1767225600,
		),
		'service_account' => array(
			'type'        => 'service_account',
			'private_key' => "-----BEGIN PRIVATE KEY-----\nNeverExposedPrivateKey\n-----END PRIVATE KEY-----\n",
		),
	);

	/**
	 * The AI provider's API key (a secret of the site's services).
	 */
	private const AI_KEY = 'sk-NeverExposedAiProviderKey';

	/**
	 * What must appear nowhere: each secret's text and each envelope as stored.
	 *
	 * @var string[]
	 */
	private array $needles = array();

	/**
	 * An administrator with every feature on the built-in source, a note to address, no outgoing
	 * HTTP, and the secrets stored.
	 */
	protected function set_up() {
		parent::set_up();
		$user = $this->act_as( 'administrator' );
		if ( is_multisite() ) {
			grant_super_admin( $user );
		}
		add_filter( 'monsterinsights_reports_licence_level', static fn(): string => 'agency' );
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		// The eCommerce reports and the User Journey answer too: their modules on, a (fake) shop.
		update_option(
			Modules::OPTION,
			array(
				'woocommerce'  => true,
				'user-journey' => true,
			)
		);
		$this->fake_shop();
		add_filter( 'monsterinsights_reports_nested_transaction', '__return_true' );
		add_filter( 'pre_http_request', static fn() => new \WP_Error( 'offline', 'No request leaves the tests.' ) );

		$scopes = is_multisite() ? array( Secrets::SITE, Secrets::NETWORK ) : array( Secrets::SITE );
		foreach ( $scopes as $scope ) {
			foreach ( self::SECRETS as $name => $value ) {
				$this->assertTrue( Secrets::set( $name, $value, $scope ) );
			}
		}
		$this->assertTrue( Provider::save( 'https://ai.example.test/v1', 'fake-analyst', self::AI_KEY ) );
		$this->needles = array(
			'GOCSPX-NeverExposedClientSecret',
			'1//0gNeverExposedRefreshToken',
			'ya29.NeverExposedAccessToken',
			'NeverExposedPrivateKey',
			self::AI_KEY,
		);
		$services      = get_option( Secrets::SERVICES_OPTION );
		$this->assertIsArray( $services );
		$this->assertCount( 1, $services );
		foreach ( $services as $envelope ) {
			$this->needles[] = $envelope;
			$this->needles[] = substr( $envelope, 8, 24 );
		}
		$stored = array( get_option( Secrets::OPTION ) );
		if ( is_multisite() ) {
			$stored[] = get_network_option( null, Secrets::NETWORK_OPTION );
		}
		foreach ( $stored as $envelopes ) {
			$this->assertIsArray( $envelopes );
			$this->assertCount( count( self::SECRETS ), $envelopes );
			foreach ( $envelopes as $envelope ) {
				$this->needles[] = $envelope;
				// A long enough piece of an envelope (as a log or a cut-off field would show it).
				$this->needles[] = substr( $envelope, 8, 24 );
			}
		}
	}

	/**
	 * Where a text shows a secret: the needles it contains.
	 *
	 * @param string $text Anything printed.
	 * @return string[]
	 */
	private function found_in( string $text ): array {
		// JSON escapes slashes and newlines: look in the decoded text too.
		$decoded = str_replace( array( '\\/', '\\n' ), array( '/', "\n" ), $text );
		return array_values( array_filter( $this->needles, static fn( string $needle ): bool => str_contains( $text, $needle ) || str_contains( $decoded, $needle ) ) );
	}

	/**
	 * Every GET route, with the id of an existing note or category where a route takes one.
	 */
	public function test_no_route_answers_a_secret(): void {
		$ids     = array(
			'notes'           => (string) $this->create_note()['id'],
			'note-categories' => (string) $this->create_category( 'Secret-free' )['id'],
		);
		$routes  = rest_get_server()->get_routes( Controller::NAMESPACE );
		$leaks   = array();
		$asked   = 0;
		$refused = array();
		foreach ( $routes as $pattern => $handlers ) {
			$reads = array_filter( $handlers, static fn( array $handler ): bool => ! empty( $handler['methods']['GET'] ) );
			if ( array() === $reads ) {
				continue;
			}
			$path     = (string) preg_replace( '/\(\?:[^()]*\)\?/', '', $pattern );
			$base     = explode( '/', substr( $path, strlen( '/' . Controller::NAMESPACE . '/' ) ) )[0];
			$path     = (string) preg_replace_callback(
				'/\(\?P<(\w+)>((?:[^()]|\([^()]*\))*)\)/',
				static fn( array $group ): string => str_contains( $group[2], '\d' ) ? ( $ids[ $base ] ?? '1' ) : 'x',
				$path
			);
			$response = rest_do_request( new \WP_REST_Request( 'GET', $path ) );
			++$asked;
			if ( 200 !== $response->get_status() ) {
				$refused[] = $path . ' ' . $response->get_status();
			}
			$text = (string) wp_json_encode( rest_get_server()->response_to_data( $response, true ) ) . "\n" . (string) wp_json_encode( $response->get_headers() );
			if ( $response instanceof CsvResponse ) {
				$text .= "\n" . $response->to_csv();
			}
			foreach ( $this->found_in( $text ) as $needle ) {
				$leaks[] = "$path: $needle";
			}
		}
		$this->assertGreaterThan( 80, $asked, 'the plugin registers its routes' );
		// Every route answered with its data, but the catch-alls of an unknown report and table,
		// and the lists of what a Google connection can read, which ask Google: without one they
		// answer 409 not_connected (tests/php/SingleSite/Google/GoogleConnectTest.php asks them
		// connected, and looks for secrets in their answers); and the Search Console report, which
		// says on the builtin source which source provides it; and a promo card's status, whose
		// name here ('x') is none of the two cards (PromoRoutesTest asks them); and a Conversations AI
		// chat, of which the administrator has none (tests/php/Shared/Conversations asks them).
		$expected = array( '/monsterinsights-reports/v1/ai-insights/chat/1 404', '/monsterinsights-reports/v1/promos/x 400', '/monsterinsights-reports/v1/reports/queries 400', '/monsterinsights-reports/v1/reports/x 404', '/monsterinsights-reports/v1/reports/x/tables/x 404' );
		foreach ( is_multisite() ? array( 'google', 'google/network' ) : array( 'google' ) as $google ) {
			$expected[] = '/monsterinsights-reports/v1/' . $google . '/properties 409';
			$expected[] = '/monsterinsights-reports/v1/' . $google . '/sites 409';
		}
		sort( $expected );
		sort( $refused );
		$this->assertSame( $expected, $refused );
		$this->assertSame( array(), $leaks );

		// The secrets are still there, readable: the routes did not hide them by deleting them.
		$this->assertSame( self::SECRETS['client_secret'], Secrets::get( 'client_secret' ) );
		$this->assertSame( self::AI_KEY, Secrets::get( Provider::SECRET, Secrets::SERVICES ) );
	}

	/**
	 * The plugin's personal data exporters, for the administrator, export no secret.
	 */
	public function test_the_privacy_exporters_export_no_secret(): void {
		$this->create_note();
		$user = wp_get_current_user();
		update_user_meta( $user->ID, MetricsController::META, array( 'sessions' ) );
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$ran       = 0;
		foreach ( array( Privacy::NOTES, Privacy::PREFERENCES ) as $id ) {
			$this->assertArrayHasKey( $id, $exporters );
			++$ran;
			$export = call_user_func( $exporters[ $id ]['callback'], $user->user_email, 1 );
			$this->assertNotSame( array(), $export['data'], (string) $id );
			$this->assertSame( array(), $this->found_in( (string) wp_json_encode( $export ) ), (string) $id );
		}
		$this->assertSame( 2, $ran );
	}
}
