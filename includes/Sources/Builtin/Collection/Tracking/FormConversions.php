<?php
/**
 * Form conversions from the form plugins' success hooks.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Tracking;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * A form plugin's successful submission is a `form_conversion` event, written by the server in the
 * plugin's own success hook: it fires only once the submission passed the plugin's validation and
 * spam checks, which the browser cannot see (an AJAX form answers with an error as a 200).
 *
 * Attribution without a cookie: the event goes through the same Collector as the tracker's hits,
 * with the submitting request's address, user agent and privacy headers, so it gets the same
 * visitor key (a keyed hash of site, address and user agent under the day's salt) and the
 * aggregator puts it into the visitor's session like any of their hits — its source, medium and
 * campaign included. Do Not Track, Global Privacy Control, excluded addresses, bots and the rate
 * limit apply as they do in the browser; excluded roles and another data source stop it here. Its
 * path is the page the form was on (the referring page of an AJAX or REST submission, or the
 * request itself for a form posted to its page).
 *
 * Never counted twice: build/events.js sends no conversion for these plugins' forms (it knows them
 * by their markup, src/events/forms.ts), and the form ids agree: wpcf7-<id>, wpforms-<id>,
 * gform-<id>, frm-<id>, nf-<id>.
 */
final class FormConversions {

	/**
	 * Success hook → [ id prefix, number of arguments, the argument holding the form id, its key ].
	 */
	public const HOOKS = array(
		'wpcf7_mail_sent'              => array( 'wpcf7', 1 ),
		'wpforms_process_complete'     => array( 'wpforms', 4 ),
		'gform_after_submission'       => array( 'gform', 2 ),
		'frm_after_create_entry'       => array( 'frm', 2 ),
		'ninja_forms_after_submission' => array( 'nf', 1 ),
	);

	/**
	 * Request headers of a page load or a fetch that the event is not: the collector drops
	 * navigations and prefetches, and a form posted to its page is a navigation.
	 */
	private const DROPPED_HEADERS = array( 'HTTP_SEC_FETCH_MODE', 'HTTP_SEC_PURPOSE', 'HTTP_PURPOSE', 'HTTP_X_PURPOSE', 'HTTP_X_MOZ', 'CONTENT_LENGTH' );

	/**
	 * Registers the success hooks. Called once from Module::register().
	 */
	public static function register(): void {
		foreach ( self::HOOKS as $hook => $shape ) {
			add_action(
				$hook,
				static function ( ...$args ) use ( $hook ): void {
					$id = self::form_id( $hook, $args );
					if ( null !== $id ) {
						self::record( $id );
					}
				},
				10,
				$shape[1]
			);
		}
	}

	/**
	 * The form id a success hook's arguments name, with the plugin's prefix; null when they name none.
	 *
	 * @param string            $hook A key of HOOKS.
	 * @param array<int, mixed> $args The hook's arguments.
	 */
	public static function form_id( string $hook, array $args ): ?string {
		$first = $args[0] ?? null;
		// The arguments: the WPCF7_ContactForm; fields, entry, form data, entry id; entry, form;
		// entry id, form id; the submission's data with its form id.
		$id = match ( $hook ) {
			'wpcf7_mail_sent'              => ( is_object( $first ) && method_exists( $first, 'id' ) ) ? $first->id() : null,
			'wpforms_process_complete'     => self::key( $args[2] ?? null, 'id' ),
			'gform_after_submission'       => self::key( $args[1] ?? null, 'id' ),
			'frm_after_create_entry'       => $args[1] ?? null,
			'ninja_forms_after_submission' => self::key( $first, 'form_id' ),
			default                        => null,
		};
		if ( ! is_numeric( $id ) || (int) $id <= 0 ) {
			return null;
		}
		return self::HOOKS[ $hook ][0] . '-' . (int) $id;
	}

	/**
	 * A key of an array argument; null when the argument is no array.
	 *
	 * @param mixed  $value The argument.
	 * @param string $key   The key.
	 * @return mixed
	 */
	private static function key( $value, string $key ) {
		return is_array( $value ) ? ( $value[ $key ] ?? null ) : null;
	}

	/**
	 * Writes one conversion of a form for the current request's visitor, when the Forms module is
	 * on and the request would be tracked.
	 *
	 * @param string $form The form id.
	 * @return bool Whether the collector wrote it.
	 */
	public static function record( string $form ): bool {
		if ( ! Modules::is_active( 'forms' ) || ! in_array( (string) get_option( BootData::SOURCE_OPTION, '' ), TrackerScript::SOURCES, true ) ) {
			return false;
		}
		if ( TrackerScript::is_excluded_user( wp_get_current_user() ) ) {
			return false;
		}
		$collector = Module::collector();
		if ( null === $collector ) {
			return false;
		}
		$body = (string) wp_json_encode(
			array(
				't'  => 'event',
				'p'  => self::page_path(),
				'en' => 'form_conversion',
				'ep' => array( 'form' => $form ),
			)
		);
		return 204 === $collector->handle( self::server(), $body, microtime( true ) ) && '' === $collector->reason();
	}

	/**
	 * The path (and query) of the page the form was on: the referring page when it is on this site,
	 * else the request's own.
	 */
	public static function page_path(): string {
		$home     = wp_parse_url( home_url() );
		$referrer = wp_get_raw_referer();
		$url      = false !== $referrer ? wp_parse_url( $referrer ) : false;
		if ( is_array( $url ) && is_array( $home ) && strtolower( $url['host'] ?? '' ) === strtolower( $home['host'] ?? '' ) ) {
			return ( $url['path'] ?? '/' ) . ( isset( $url['query'] ) ? '?' . $url['query'] : '' );
		}
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		return str_starts_with( $uri, '/' ) ? $uri : '/';
	}

	/**
	 * The current request as the collector reads a hit's: its headers and address, as a POST.
	 *
	 * @return array<string, mixed>
	 */
	private static function server(): array {
		// Not sanitised here: the collector checks each value it reads (the address with Ip::client()).
		$server                   = array_diff_key( $_SERVER, array_flip( self::DROPPED_HEADERS ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		$server['REQUEST_METHOD'] = 'POST';
		return array_map( static fn( $value ) => is_string( $value ) ? wp_unslash( $value ) : $value, $server );
	}
}
