<?php
/**
 * GET and POST monsterinsights-reports/v1/settings — the settings screen and the setup wizard.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Ip;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Retention;
use MonsterInsights\Reports\Settings\CustomDimensions;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\Settings as Tracking;
use MonsterInsights\Reports\Sources\Sources;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;

defined( 'ABSPATH' ) || exit;

/**
 * Reads need `monsterinsights_view_dashboard`, writes `monsterinsights_save_settings`.
 *
 * Where each setting lives:
 * - `pdf_reports_header_image`, `referral_favicons`: the option `monsterinsights_reports_settings`;
 * - `source`: the option `monsterinsights_reports_source` (empty = not connected);
 * - `tracking`: the built-in collector's option `monsterinsights_reports_tracking`, except
 *   `retention_months`, the option of Retention.
 *
 * A POST validates every field it carries before it stores any, so a refused request changes
 * nothing; each error names the refused field.
 *
 * @phpstan-type GeneralSettings array{pdf_reports_header_image: string, referral_favicons: bool}
 */
final class SettingsController extends Controller {

	/**
	 * The option holding the general settings.
	 */
	public const OPTION = 'monsterinsights_reports_settings';

	/**
	 * Every general setting with its default.
	 */
	public const DEFAULTS = array(
		'pdf_reports_header_image' => '',
		'referral_favicons'        => true,
	);

	/**
	 * Data source keys the settings may name. `google` is listed so the screen can show it, and
	 * refused while it has no source class.
	 */
	public const SOURCE_KEYS = array( '', 'builtin', 'google' );

	/**
	 * Highest retention period, in months.
	 */
	public const MAX_RETENTION_MONTHS = 120;

	/**
	 * Most entries of each list setting, and most characters of one entry. A request over a limit
	 * is refused (400 rest_invalid_param, the message states the limit) and nothing is stored.
	 */
	public const LIST_LIMITS = array(
		'excluded_roles'      => array( 100, 100 ),
		'excluded_ips'        => array( 500, 64 ),
		'referrer_spam'       => array( 2000, 255 ),
		'affiliate_paths'     => Tracking::MAX_AFFILIATE_PATHS,
		'download_extensions' => array( Tracking::MAX_DOWNLOAD_EXTENSIONS, 10 ),
	);

	/**
	 * Most characters of each free-text setting.
	 */
	public const TEXT_LIMITS = array(
		'pdf_reports_header_image' => 2048,
		'country_mmdb'             => 1024,
		'country_header'           => 64,
	);

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'settings';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_item' ),
				$this->endpoint( \WP_REST_Server::EDITABLE, 'update_item', 'can_save', $this->write_args() ),
			)
		);
	}

	/**
	 * The POST arguments: every writable setting, typed and validated.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function write_args(): array {
		$schema = $this->get_item_schema()['properties'];
		return array(
			'pdf_reports_header_image' => array(
				'description'       => $schema['pdf_reports_header_image']['description'],
				'type'              => 'string',
				'maxLength'         => self::TEXT_LIMITS['pdf_reports_header_image'],
				'validate_callback' => array( self::class, 'validate_image_url' ),
				'sanitize_callback' => array( self::class, 'sanitize_image_url' ),
			),
			'referral_favicons'        => array(
				'description' => $schema['referral_favicons']['description'],
				'type'        => 'boolean',
			),
			'source'                   => array(
				'description'       => $schema['source']['description'],
				'type'              => 'string',
				'enum'              => self::SOURCE_KEYS,
				'validate_callback' => array( self::class, 'validate_source' ),
			),
			'tracking'                 => array(
				'description'       => $schema['tracking']['description'],
				'type'              => 'object',
				'properties'        => self::tracking_properties(),
				'validate_callback' => array( self::class, 'validate_tracking' ),
			),
		);
	}

	/**
	 * The general settings, completed with the defaults; unknown keys are left out.
	 *
	 * @return array<string, mixed>
	 * @phpstan-return GeneralSettings
	 */
	public static function get(): array {
		$stored   = get_option( self::OPTION, array() );
		$stored   = is_array( $stored ) ? $stored : array();
		$settings = self::DEFAULTS;
		if ( isset( $stored['pdf_reports_header_image'] ) && is_string( $stored['pdf_reports_header_image'] ) ) {
			$settings['pdf_reports_header_image'] = $stored['pdf_reports_header_image'];
		}
		if ( isset( $stored['referral_favicons'] ) && is_scalar( $stored['referral_favicons'] ) ) {
			$settings['referral_favicons'] = (bool) $stored['referral_favicons'];
		}
		return $settings;
	}

	/**
	 * Every setting of the route as the screen shows it.
	 *
	 * @return array<string, mixed>
	 */
	public static function all(): array {
		$tracking                     = Tracking::get();
		$tracking['retention_months'] = Retention::months();
		return self::get() + array(
			'source'   => (string) get_option( BootData::SOURCE_OPTION, '' ),
			'sources'  => self::sources(),
			'tracking' => $tracking,
			'roles'    => self::roles(),
		);
	}

	/**
	 * The data sources the screen offers.
	 *
	 * @return array<int, array{key: string, label: string, description: string, available: bool}>
	 */
	public static function sources(): array {
		$registered = ( new Sources() )->all();
		return array(
			array(
				'key'         => 'builtin',
				'label'       => __( 'Built-in analytics', 'monsterinsights-reports' ),
				'description' => __( 'Cookieless, first-party analytics stored in this site’s own database. No account and no external service needed.', 'monsterinsights-reports' ),
				'available'   => isset( $registered['builtin'] ),
			),
			array(
				'key'         => 'google',
				'label'       => __( 'Google Analytics 4', 'monsterinsights-reports' ),
				'description' => __( 'Reports from your Google Analytics 4 property, Search Console and PageSpeed Insights, read with your own Google credentials.', 'monsterinsights-reports' ),
				'available'   => isset( $registered['google'] ),
			),
		);
	}

	/**
	 * The site's roles, for the excluded-roles choice.
	 *
	 * @return array<int, array{slug: string, name: string}>
	 */
	public static function roles(): array {
		$roles = array();
		foreach ( wp_roles()->get_names() as $slug => $name ) {
			$roles[] = array(
				'slug' => (string) $slug,
				'name' => translate_user_role( $name ),
			);
		}
		return $roles;
	}

	/**
	 * Answers GET: the settings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function get_item( $request ) {
		unset( $request );
		return rest_ensure_response( self::all() );
	}

	/**
	 * Answers POST: stores the settings the request carries (each already validated and sanitised
	 * by the args schema, so nothing is half-written) and returns every setting.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response
	 */
	public function update_item( $request ) {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$dirty  = false;
		if ( $request->has_param( 'pdf_reports_header_image' ) ) {
			$stored['pdf_reports_header_image'] = (string) $request->get_param( 'pdf_reports_header_image' );
			$dirty                              = true;
		}
		if ( $request->has_param( 'referral_favicons' ) ) {
			$stored['referral_favicons'] = (bool) $request->get_param( 'referral_favicons' );
			$dirty                       = true;
		}
		if ( $dirty ) {
			update_option( self::OPTION, $stored );
		}

		if ( $request->has_param( 'tracking' ) ) {
			$tracking = (array) $request->get_param( 'tracking' );
			if ( array_key_exists( 'retention_months', $tracking ) ) {
				update_option( Retention::OPTION, (int) $tracking['retention_months'] );
				unset( $tracking['retention_months'] );
			}
			if ( array() !== $tracking ) {
				$current = get_option( Tracking::OPTION, array() );
				$current = is_array( $current ) ? $current : array();
				update_option( Tracking::OPTION, Tracking::normalize( $tracking + $current + Tracking::network_defaults() ) );
			}
		}

		if ( $request->has_param( 'source' ) ) {
			$source   = (string) $request->get_param( 'source' );
			$previous = (string) get_option( BootData::SOURCE_OPTION, '' );
			update_option( BootData::SOURCE_OPTION, $source );
			if ( $source !== $previous ) {
				/**
				 * Fires when the active data source changes (the setup wizard connects, the
				 * settings screen disconnects).
				 *
				 * @param string $source   The new source key; empty when disconnected.
				 * @param string $previous The previous one.
				 */
				do_action( 'monsterinsights_reports_source_changed', $source, $previous );
			}
		}
		return rest_ensure_response( self::all() );
	}

	/**
	 * Validates the source: a known key whose source exists.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_source( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$source = '' === $value ? null : ( ( new Sources() )->all()[ (string) $value ] ?? null );
		if ( '' === $value || ( null !== $source && ( $source->is_connected() || BuiltinSource::KEY === $source->key() ) ) ) {
			return true;
		}
		if ( null !== $source ) {
			return self::refused_arg(
				'rest_source_not_connected',
				__( 'source: connect Google Analytics first (a service account key or an OAuth client, and a GA4 property).', 'monsterinsights-reports' ),
				$param
			);
		}
		return self::refused_arg(
			'rest_source_unavailable',
			/* translators: %s: the data source key. */
			sprintf( __( 'source: the “%s” data source is not available in this version.', 'monsterinsights-reports' ), (string) $value ),
			$param
		);
	}

	/**
	 * Validates the tracking settings beyond their types: IP ranges, existing roles, a readable
	 * country database, an HTTP header name, referrer hosts. The error names the field.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_tracking( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$tracking = (array) $value;
		$error    = static fn( string $field, string $message ) => self::refused_arg( 'rest_invalid_param', sprintf( '%1$s.%2$s: %3$s', $param, $field, $message ), $param . '.' . $field );

		foreach ( (array) ( $tracking['excluded_ips'] ?? array() ) as $index => $ip ) {
			$ip = trim( (string) $ip );
			if ( '' !== $ip && ! Ip::is_range( $ip ) ) {
				/* translators: %s: what the user typed. */
				return $error( 'excluded_ips[' . $index . ']', sprintf( __( '“%s” is not an IP address or a CIDR range such as 192.0.2.0/24.', 'monsterinsights-reports' ), $ip ) );
			}
		}
		$roles = array_keys( wp_roles()->get_names() );
		foreach ( (array) ( $tracking['excluded_roles'] ?? array() ) as $index => $role ) {
			if ( ! in_array( (string) $role, $roles, true ) ) {
				/* translators: %s: a role slug. */
				return $error( 'excluded_roles[' . $index . ']', sprintf( __( 'there is no role “%s” on this site.', 'monsterinsights-reports' ), (string) $role ) );
			}
		}
		$mmdb = trim( (string) ( $tracking['country_mmdb'] ?? '' ) );
		if ( '' !== $mmdb && ( ! str_ends_with( strtolower( $mmdb ), '.mmdb' ) || ! is_readable( $mmdb ) ) ) {
			return $error( 'country_mmdb', __( 'give the full path of a readable .mmdb country database on this server, or leave it empty.', 'monsterinsights-reports' ) );
		}
		$header = trim( (string) ( $tracking['country_header'] ?? '' ) );
		if ( '' !== $header && 1 !== preg_match( '/^[A-Za-z0-9-]{1,64}$/', $header ) ) {
			return $error( 'country_header', __( 'an HTTP header name has only letters, digits and hyphens, such as CF-IPCountry.', 'monsterinsights-reports' ) );
		}
		foreach ( (array) ( $tracking['referrer_spam'] ?? array() ) as $index => $entry ) {
			$entry = trim( (string) $entry );
			$host  = str_contains( $entry, '/' ) ? (string) wp_parse_url( $entry, PHP_URL_HOST ) : $entry;
			if ( '' !== $entry && 1 !== preg_match( '/^[a-z0-9.-]+$/i', trim( $host, '.' ) ) ) {
				/* translators: %s: what the user typed. */
				return $error( 'referrer_spam[' . $index . ']', sprintf( __( '“%s” is not a host name such as spam.example.', 'monsterinsights-reports' ), $entry ) );
			}
		}
		foreach ( (array) ( $tracking['affiliate_paths'] ?? array() ) as $index => $path ) {
			$path = trim( (string) $path );
			if ( '' !== $path && ! Tracking::is_affiliate_path( $path ) ) {
				/* translators: %s: what the user typed. */
				return $error( 'affiliate_paths[' . $index . ']', sprintf( __( '“%s” is not a path such as /go/: it starts with a slash and has no spaces.', 'monsterinsights-reports' ), $path ) );
			}
		}
		foreach ( (array) ( $tracking['download_extensions'] ?? array() ) as $index => $extension ) {
			$extension = trim( (string) $extension );
			if ( '' !== $extension && null === Tracking::extension( $extension ) ) {
				/* translators: %s: what the user typed. */
				return $error( 'download_extensions[' . $index . ']', sprintf( __( '“%s” is not a file extension such as pdf: 1 to 10 letters or digits.', 'monsterinsights-reports' ), $extension ) );
			}
		}
		return true;
	}

	/**
	 * Validates the header image: a string that is empty or an http(s) URL with a host.
	 *
	 * @param mixed            $value   The value.
	 * @param \WP_REST_Request $request The request.
	 * @param string           $param   The parameter's name.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return true|\WP_Error
	 */
	public static function validate_image_url( $value, $request, $param ) {
		$valid = rest_validate_request_arg( $value, $request, $param );
		if ( is_wp_error( $valid ) ) {
			return $valid;
		}
		$url = trim( (string) $value );
		if ( '' === $url || self::is_http_url( $url ) ) {
			return true;
		}
		return self::refused_arg(
			'rest_invalid_url',
			/* translators: %s: the parameter's name. */
			sprintf( __( '%s must be empty or an http:// or https:// URL.', 'monsterinsights-reports' ), $param ),
			$param
		);
	}

	/**
	 * Sanitises the header image URL; empty stays empty.
	 *
	 * @param mixed $value The validated value.
	 */
	public static function sanitize_image_url( $value ): string {
		$url = trim( (string) $value );
		return '' === $url ? '' : esc_url_raw( $url, array( 'http', 'https' ) );
	}

	/**
	 * Whether a string is an absolute http(s) URL with a host and no whitespace.
	 *
	 * @param string $url The string.
	 */
	private static function is_http_url( string $url ): bool {
		if ( preg_match( '/[\s\x00-\x1f\x7f]/', $url ) ) {
			return false;
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return false;
		}
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		return in_array( $scheme, array( 'http', 'https' ), true ) && '' !== esc_url_raw( $url, array( 'http', 'https' ) );
	}

	/**
	 * The tracking settings' properties (also the network defaults' shape).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function tracking_properties(): array {
		$strings = static fn( string $key ): array => array(
			'type'     => 'array',
			'maxItems' => self::LIST_LIMITS[ $key ][0],
			'items'    => array(
				'type'      => 'string',
				'maxLength' => self::LIST_LIMITS[ $key ][1],
			),
		);
		return array(
			'excluded_roles'      => array( 'description' => __( 'Roles whose logged-in visits are not tracked.', 'monsterinsights-reports' ) ) + $strings( 'excluded_roles' ),
			'honor_dnt'           => array(
				'description' => __( 'Whether a Do Not Track signal stops tracking.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
			),
			'honor_gpc'           => array(
				'description' => __( 'Whether a Global Privacy Control signal stops tracking.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
			),
			'excluded_ips'        => array( 'description' => __( 'IP addresses and CIDR ranges that are not tracked.', 'monsterinsights-reports' ) ) + $strings( 'excluded_ips' ),
			'country_mmdb'        => array(
				'description' => __( 'Path of an .mmdb country database on the server; empty for none.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'maxLength'   => self::TEXT_LIMITS['country_mmdb'],
			),
			'country_header'      => array(
				'description' => __( 'HTTP header carrying the visitor’s country code (set by a CDN); empty for none.', 'monsterinsights-reports' ),
				'type'        => 'string',
				'maxLength'   => self::TEXT_LIMITS['country_header'],
			),
			'trusted_proxy'       => array(
				'description' => __( 'Whether the site is behind a reverse proxy whose X-Forwarded-For header can be trusted.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
			),
			'trusted_proxies'     => array(
				'description' => __( 'How many trusted proxies in a row append to X-Forwarded-For (1 to 10): the visitor’s address is that many entries from the right.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => Ip::MAX_PROXIES,
			),
			'referrer_spam'       => array( 'description' => __( 'Referrer hosts whose visits are dropped as spam.', 'monsterinsights-reports' ) ) + $strings( 'referrer_spam' ),
			'affiliate_paths'     => array( 'description' => __( 'Paths on this site whose links count as affiliate links, such as /go/.', 'monsterinsights-reports' ) ) + $strings( 'affiliate_paths' ),
			'download_extensions' => array( 'description' => __( 'File extensions whose links count as downloads.', 'monsterinsights-reports' ) ) + $strings( 'download_extensions' ),
			'custom_dimensions'   => array(
				'description' => __( 'The custom dimensions the Dimensions report shows: author, post_type, category, tags, published_at, logged_in, user_role.', 'monsterinsights-reports' ),
				'type'        => 'array',
				'maxItems'    => count( CustomDimensions::keys() ),
				'uniqueItems' => true,
				'items'       => array(
					'type' => 'string',
					'enum' => CustomDimensions::keys(),
				),
			),
			'site_speed_sample'   => array(
				'description' => __( 'Percent of page views that report their Core Web Vitals for the Site Speed report: -1 automatic (all below 10,000 page views a day, about 10,000 a day above), 0 off, 1 to 100 a fixed share.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => -1,
				'maximum'     => 100,
			),
			'retention_months'    => array(
				'description' => __( 'Months raw visits are kept; the daily totals are kept for ever.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => self::MAX_RETENTION_MONTHS,
			),
		);
	}

	/**
	 * A read-only list of objects in the payload, for the screen's choices.
	 *
	 * @param string                              $description What it lists.
	 * @param array<string, array<string, mixed>> $properties  Each object's properties.
	 * @return array<string, mixed>
	 */
	private static function readonly_list( string $description, array $properties ): array {
		return array(
			'description' => $description,
			'type'        => 'array',
			'readonly'    => true,
			'context'     => array( 'view', 'edit' ),
			'items'       => array(
				'type'       => 'object',
				'properties' => $properties,
			),
		);
	}

	/**
	 * The payload's JSON schema; src/store/settings/types.ts describes the same shape.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		$schema = array(
			'type'       => 'object',
			'properties' => array(
				'pdf_reports_header_image' => array(
					'description' => __( 'URL of the image printed at the top of PDF reports; empty for none.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'context'     => array( 'view', 'edit' ),
				),
				'referral_favicons'        => array(
					'description' => __( 'Whether referral lists show site icons, loaded from a public favicon service.', 'monsterinsights-reports' ),
					'type'        => 'boolean',
					'context'     => array( 'view', 'edit' ),
				),
				'source'                   => array(
					'description' => __( 'The active data source; empty until the setup wizard connects one.', 'monsterinsights-reports' ),
					'type'        => 'string',
					'enum'        => self::SOURCE_KEYS,
					'context'     => array( 'view', 'edit' ),
				),
				'sources'                  => self::readonly_list(
					__( 'The data sources the site can choose from.', 'monsterinsights-reports' ),
					array(
						'key'         => array( 'type' => 'string' ),
						'label'       => array( 'type' => 'string' ),
						'description' => array( 'type' => 'string' ),
						'available'   => array( 'type' => 'boolean' ),
					)
				),
				'tracking'                 => array(
					'description' => __( 'How the built-in analytics records visits.', 'monsterinsights-reports' ),
					'type'        => 'object',
					'context'     => array( 'view', 'edit' ),
					'properties'  => self::tracking_properties(),
				),
				'roles'                    => self::readonly_list(
					__( 'The site’s roles.', 'monsterinsights-reports' ),
					array(
						'slug' => array( 'type' => 'string' ),
						'name' => array( 'type' => 'string' ),
					)
				),
			),
		);
		return self::document( 'settings', $schema );
	}
}
