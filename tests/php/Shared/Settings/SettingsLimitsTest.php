<?php
/**
 * Limits of the list and free-text settings.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Settings;

use MonsterInsights\Reports\REST\SettingsController;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Every list has a most entries and a most characters an entry, every free-text setting a most
 * characters; a request over one is a 400 rest_invalid_param stating the limit, and nothing of it
 * is stored.
 */
class SettingsLimitsTest extends TestCase {

	/**
	 * POSTs the settings.
	 *
	 * @param array<string, mixed> $params The body.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function save( array $params ): array {
		$response = $this->rest( 'POST', '/monsterinsights-reports/v1/settings', $params );
		return array( $response->get_status(), (array) json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), true ) );
	}

	/**
	 * Requests over each limit, the parameter the error is under, and the text it must contain.
	 *
	 * @return array<string, array{0: array<string, mixed>, 1: string, 2: string}>
	 */
	public function over_limits(): array {
		$ips   = array();
		$hosts = array();
		for ( $i = 0; $i <= SettingsController::LIST_LIMITS['excluded_ips'][0]; $i++ ) {
			$ips[] = '10.0.' . intdiv( $i, 250 ) . '.' . ( $i % 250 );
		}
		for ( $i = 0; $i <= SettingsController::LIST_LIMITS['referrer_spam'][0]; $i++ ) {
			$hosts[] = 'spam' . $i . '.example';
		}
		return array(
			'too many IPs'             => array( array( 'tracking' => array( 'excluded_ips' => $ips ) ), 'tracking', 'tracking[excluded_ips] must contain at most 500 items.' ),
			'too many spam hosts'      => array( array( 'tracking' => array( 'referrer_spam' => $hosts ) ), 'tracking', 'tracking[referrer_spam] must contain at most 2,000 items.' ),
			'spam host too long'       => array( array( 'tracking' => array( 'referrer_spam' => array( str_repeat( 'a', 250 ) . '.example' ) ) ), 'tracking', 'tracking[referrer_spam][0] must be at most 255 characters long.' ),
			'IP entry too long'        => array( array( 'tracking' => array( 'excluded_ips' => array( '10.0.0.1', str_repeat( '1', 65 ) ) ) ), 'tracking', 'tracking[excluded_ips][1] must be at most 64 characters long.' ),
			'too many affiliate paths' => array( array( 'tracking' => array( 'affiliate_paths' => array_map( static fn( int $i ): string => '/go' . $i . '/', range( 0, 50 ) ) ) ), 'tracking', 'tracking[affiliate_paths] must contain at most 50 items.' ),
			'affiliate path too long'  => array( array( 'tracking' => array( 'affiliate_paths' => array( '/' . str_repeat( 'a', 200 ) ) ) ), 'tracking', 'tracking[affiliate_paths][0] must be at most 200 characters long.' ),
			'too many extensions'      => array( array( 'tracking' => array( 'download_extensions' => array_map( static fn( int $i ): string => 'x' . $i, range( 0, 100 ) ) ) ), 'tracking', 'tracking[download_extensions] must contain at most 100 items.' ),
			'extension too long'       => array( array( 'tracking' => array( 'download_extensions' => array( 'pdf', str_repeat( 'a', 11 ) ) ) ), 'tracking', 'tracking[download_extensions][1] must be at most 10 characters long.' ),
			'too many roles'           => array( array( 'tracking' => array( 'excluded_roles' => array_fill( 0, 101, 'editor' ) ) ), 'tracking', 'tracking[excluded_roles] must contain at most 100 items.' ),
			'mmdb path too long'       => array( array( 'tracking' => array( 'country_mmdb' => '/' . str_repeat( 'a', 1024 ) . '.mmdb' ) ), 'tracking', 'tracking[country_mmdb] must be at most 1,024 characters long.' ),
			'header too long'          => array( array( 'tracking' => array( 'country_header' => str_repeat( 'A', 65 ) ) ), 'tracking', 'tracking[country_header] must be at most 64 characters long.' ),
			'header image too long'    => array( array( 'pdf_reports_header_image' => 'https://example.org/' . str_repeat( 'a', 2048 ) . '.png' ), 'pdf_reports_header_image', 'pdf_reports_header_image must be at most 2,048 characters long.' ),
		);
	}

	/**
	 * Over a limit: 400, the limit in the message, the stored options unchanged.
	 *
	 * @dataProvider over_limits
	 *
	 * @param array<string, mixed> $params  The request.
	 * @param string               $param   The parameter the error names.
	 * @param string               $message The message.
	 */
	public function test_over_a_limit_is_refused_and_nothing_is_stored( array $params, string $param, string $message ): void {
		$this->act_as( 'administrator' );
		$tracking = array(
			'excluded_ips'  => array( '192.0.2.1' ),
			'referrer_spam' => array( 'old.example' ),
			'honor_dnt'     => true,
		);
		update_option( Tracking::OPTION, $tracking );
		update_option( SettingsController::OPTION, array( 'pdf_reports_header_image' => 'https://example.org/logo.png' ) );
		$before_tracking = get_option( Tracking::OPTION );
		$before_general  = get_option( SettingsController::OPTION );

		// The valid parts of the request are not stored either.
		$params['referral_favicons'] = false;
		if ( isset( $params['tracking'] ) ) {
			$params['tracking']['honor_dnt'] = false;
		}
		list( $status, $data ) = $this->save( $params );

		$this->assertSame( 400, $status );
		$this->assertSame( 'rest_invalid_param', $data['code'] );
		$this->assertSame( $message, $data['data']['params'][ $param ] );
		$this->assertSame( $before_tracking, get_option( Tracking::OPTION ) );
		$this->assertSame( $before_general, get_option( SettingsController::OPTION ) );
	}

	/**
	 * At the limits, a save goes through.
	 */
	public function test_at_the_limits_it_saves(): void {
		$this->act_as( 'administrator' );
		$ips = array();
		for ( $i = 0; $i < SettingsController::LIST_LIMITS['excluded_ips'][0]; $i++ ) {
			$ips[] = '10.1.' . intdiv( $i, 250 ) . '.' . ( $i % 250 );
		}
		list( $status, $data ) = $this->save(
			array(
				'tracking' => array(
					'excluded_ips'        => $ips,
					'referrer_spam'       => array( str_repeat( 'a', 247 ) . '.example' ),
					'affiliate_paths'     => array_map( static fn( int $i ): string => '/' . str_pad( (string) $i, 199, 'a' ), range( 1, 50 ) ),
					'download_extensions' => array_map( static fn( int $i ): string => str_pad( (string) $i, 10, 'x' ), range( 1, 100 ) ),
				),
			)
		);
		$this->assertSame( 200, $status );
		$this->assertCount( 500, $data['tracking']['excluded_ips'] );
		$this->assertCount( 500, Tracking::get()['excluded_ips'] );
		$this->assertCount( 50, Tracking::get()['affiliate_paths'] );
		$this->assertSame( '/1' . str_repeat( 'a', 198 ), Tracking::get()['affiliate_paths'][0] );
		$this->assertCount( 100, Tracking::get()['download_extensions'] );
	}
}
