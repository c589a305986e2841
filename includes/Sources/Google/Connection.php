<?php
/**
 * The site's Google connection: how it authenticates and what it reads.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Settings\Secrets;

defined( 'ABSPATH' ) || exit;

/**
 * What is not secret lives in an option (per site, or per network for sub-sites without their own):
 * the way it signs in (a service account or an OAuth client), the GA4 property, the Search Console
 * site, the account's e-mail and whether Google asked to sign in again. What is secret lives in
 * Settings\Secrets under the same scope: the service account's key, the OAuth client's secret and
 * refresh token, the current access token, the PageSpeed API key. A sub-site uses the network's
 * connection as a whole, or its own as a whole, never a mix.
 */
final class Connection {

	public const OPTION         = 'monsterinsights_reports_google';
	public const NETWORK_OPTION = 'monsterinsights_reports_network_google';

	public const SERVICE_ACCOUNT = 'service_account';
	public const OAUTH           = 'oauth';

	/**
	 * The secrets' names.
	 */
	public const SECRET_KEY   = 'google_service_account';
	public const SECRET_OAUTH = 'google_oauth';
	public const SECRET_TOKEN = 'google_token';
	public const SECRET_PSI   = 'google_pagespeed_key';

	/**
	 * The settings a connection has, with their defaults.
	 */
	public const DEFAULTS = array(
		'auth'          => '',
		'client_email'  => '',
		'client_id'     => '',
		'property'      => '',
		'property_name' => '',
		'account_name'  => '',
		'currency'      => '',
		'time_zone'     => '',
		'sc_site'       => '',
		'reauth'        => false,
		'connected_at'  => 0,
	);

	/**
	 * Builds the connection of a scope.
	 *
	 * @param string $scope Secrets::SITE or Secrets::NETWORK.
	 */
	public function __construct( public readonly string $scope = Secrets::SITE ) {
	}

	/**
	 * The connection the current site uses: its own when it has one, else the network's (multisite).
	 */
	public static function current(): self {
		$site = new self( Secrets::SITE );
		if ( '' !== $site->get()['auth'] || ! is_multisite() ) {
			return $site;
		}
		$network = new self( Secrets::NETWORK );
		return '' !== $network->get()['auth'] ? $network : $site;
	}

	/**
	 * The settings.
	 *
	 * @return array{auth: string, client_email: string, client_id: string, property: string, property_name: string, account_name: string, currency: string, time_zone: string, sc_site: string, reauth: bool, connected_at: int}
	 */
	public function get(): array {
		$stored = Secrets::NETWORK === $this->scope ? get_site_option( self::NETWORK_OPTION, array() ) : get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$out    = self::DEFAULTS;
		foreach ( self::DEFAULTS as $key => $default ) {
			if ( ! array_key_exists( $key, $stored ) ) {
				continue;
			}
			$out[ $key ] = is_bool( $default ) ? (bool) $stored[ $key ] : ( is_int( $default ) ? (int) $stored[ $key ] : (string) $stored[ $key ] );
		}
		return $out;
	}

	/**
	 * Changes some settings.
	 *
	 * @param array<string, mixed> $changes Settings by name (unknown names are ignored).
	 */
	public function update( array $changes ): void {
		$settings = array_merge( $this->get(), array_intersect_key( $changes, self::DEFAULTS ) );
		if ( Secrets::NETWORK === $this->scope ) {
			update_site_option( self::NETWORK_OPTION, $settings );
			return;
		}
		update_option( self::OPTION, $settings, false );
	}

	/**
	 * Whether it can sign in and has a property to read.
	 */
	public function is_complete(): bool {
		$settings = $this->get();
		return '' !== $settings['auth'] && '' !== $settings['property'];
	}

	/**
	 * Whether Google asked to sign in again (invalid_grant, a revoked key).
	 */
	public function needs_reauth(): bool {
		return $this->get()['reauth'];
	}

	/**
	 * A secret of this connection.
	 *
	 * @param string $name One of the SECRET_ names.
	 * @return string|array<mixed, mixed>|null
	 */
	public function secret( string $name ) {
		return Secrets::get( $name, $this->scope );
	}

	/**
	 * Stores a secret of this connection.
	 *
	 * @param string                    $name  One of the SECRET_ names.
	 * @param string|array<mixed,mixed> $value The secret.
	 */
	public function store_secret( string $name, $value ): bool {
		return Secrets::set( $name, $value, $this->scope );
	}

	/**
	 * Forgets a secret of this connection.
	 *
	 * @param string $name One of the SECRET_ names.
	 */
	public function forget_secret( string $name ): void {
		Secrets::delete( $name, $this->scope );
	}

	/**
	 * Disconnects: the settings and the connection's secrets go (other secrets of the scope stay).
	 */
	public function disconnect(): void {
		foreach ( array( self::SECRET_KEY, self::SECRET_OAUTH, self::SECRET_TOKEN, self::SECRET_PSI ) as $name ) {
			Secrets::delete( $name, $this->scope );
		}
		if ( Secrets::NETWORK === $this->scope ) {
			delete_site_option( self::NETWORK_OPTION );
			return;
		}
		delete_option( self::OPTION );
	}
}
