<?php
/**
 * The tracker's request body, validated.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * The request body of a hit (JSON, sent as text/plain by src/tracker), as Collector takes it:
 *   t   "pageview" | "event"                                   required
 *   p   path and query of the page, starting with "/"         required
 *   o   post ID of the page, 0 elsewhere                      optional integer; written as 0
 *       unless it is a published post's (ObjectIds, which WordPress writes)
 *   r   referrer URL: an absolute http(s) URL, kept only when external; an app's referrer
 *       (android-app://…, what Chrome on Android gives a page opened from an app) is not kept and
 *       the page view is; anything else is a 400                  optional
 *   us, um, uc, ut, ux   utm source, medium, campaign, term, content; optional, otherwise taken
 *       from the utm_* parameters of p
 *   ck  "gclid" | "msclkid" | "fbclid": which click id the landing URL had   optional
 *   u   the logged-in visitor's role slug ([a-z0-9_-], at most 64 characters; "-" for a user
 *       with no role on the site), absent for a visitor who is not logged in   optional; kept
 *       on page views only (the Dimensions report's logged-in status and user role)
 *   en  event name, [a-z0-9_]{1,40}                            events only
 *   ep  event properties: at most 10, keys [a-z0-9_]{1,40}, string/number/boolean values
 *       outbound_click {url}, affiliate_click {url}, file_download {url, ext (derived from
 *       url when absent)},
 *       scroll {percent: 25|50|75|100}, web_vitals {lcp, fcp, ttfb, inp: milliseconds; cls: the
 *       layout shift score; one to five of them, each a number from 0 to VITALS_MAX},
 *       form_impression {form}, form_conversion {form} (form: the form's id, ≤ 191 characters),
 *       video_start {title}, video_complete {title},
 *       video_progress {title, seconds: 0–86400 watched since the last report, percent: 0–100
 *       the furthest point reached} (title ≤ 191 characters; each with an optional kind, video
 *       or audio: an <audio> element's say audio) — build/events.js and the form
 *       plugins' success hooks (Forms\Conversions) send them —,
 *       anything else from the public track() API.
 *       A property that names a URL (url, href, referrer, or a key ending in _url or _href) must
 *       be an absolute http(s) URL; no string property may be a URL of another scheme
 *       (javascript:, vbscript:, data:…, or any scheme://): such an event is a 400 and nothing
 *       of it is written
 *
 * Tracking parameters (utm_*, gclid, msclkid, fbclid) are removed from p. Events keep p and o;
 * referrer, utm and click id belong to page views and are empty on events.
 */
final class Body {

	public const MAX_PATH      = 2048;
	public const MAX_REFERRER  = 2048;
	public const MAX_UTM       = 255;
	public const MAX_PROPS     = 10;
	public const MAX_PROP_TEXT = 512;

	/**
	 * A form id's and a media title's most characters (the rollups' key columns).
	 */
	public const MAX_LABEL = 191;

	/**
	 * Form ids of WordPress's own admin UI on the front end (the toolbar's search): never a site's
	 * form. A form_impression or form_conversion of one is dropped (204, reason `admin_form`);
	 * the tracker sends none since it ignores the toolbar's forms, an older cached one did.
	 */
	public const ADMIN_FORMS = array( 'adminbarsearch' );

	/**
	 * The media kinds a video_* event may name (`kind`); an event without one is a video's.
	 */
	public const MEDIA_KINDS = array( 'video', 'audio' );

	/**
	 * The most seconds one video_progress event may report.
	 */
	public const MAX_WATCH_SECONDS = 86400;

	/**
	 * Event names and property keys.
	 */
	public const NAME_PATTERN = '/^[a-z0-9_]{1,40}$/';

	/**
	 * A role slug as WordPress keys them (sanitize_key()), bounded; "-" is a user without a role.
	 */
	public const ROLE_PATTERN = '/^(?:-|[a-z0-9_][a-z0-9_-]{0,63})$/';

	/**
	 * Click-id parameters: only which one was present is kept.
	 */
	public const CLICK_IDS = array( 'gclid', 'msclkid', 'fbclid' );

	/**
	 * The utm fields and their query parameters.
	 */
	public const UTM = array(
		'us' => 'utm_source',
		'um' => 'utm_medium',
		'uc' => 'utm_campaign',
		'ut' => 'utm_term',
		'ux' => 'utm_content',
	);

	/**
	 * Event property keys whose value is a URL: an absolute http(s) URL, nothing else.
	 */
	public const URL_PROP_PATTERN = '/^(?:url|href|referrer)$|_(?:url|href)$/';

	/**
	 * Referrer schemes of apps, which browsers give as document.referrer (Chrome on Android for a
	 * page opened from an app: android-app://com.google.android.gm/). The page view is real and
	 * kept; the referrer, no web address, is not.
	 */
	public const APP_REFERRER_SCHEMES = array( 'android-app' );

	/**
	 * The scroll depths the tracker reports.
	 */
	public const SCROLL_DEPTHS = array( 25, 50, 75, 100 );

	/**
	 * The event of a page view's Core Web Vitals (src/vitals).
	 */
	public const VITALS_EVENT = 'web_vitals';

	/**
	 * Its props and the largest value each may have: milliseconds for the times (10 minutes), the
	 * layout shift score for cls (unitless).
	 */
	public const VITALS_MAX = array(
		'lcp'  => 600000,
		'fcp'  => 600000,
		'ttfb' => 600000,
		'inp'  => 600000,
		'cls'  => 100,
	);

	/**
	 * A body reader for one site.
	 *
	 * @param Config    $config  The site's collector settings (its own hosts).
	 * @param ObjectIds $objects The site's published post ids.
	 */
	public function __construct( private Config $config, private ObjectIds $objects ) {
	}

	/**
	 * Parses and validates the body.
	 *
	 * @param string $body The raw body.
	 * @return array{t: string, p: string, o: int, r: string, us: string, um: string, uc: string, ut: string, ux: string, ck: string, u: string, en: string, ep: array<string, string|int|float|bool>}
	 * @throws Rejection When the body or a field is malformed.
	 */
	public function fields( string $body ): array {
		$data = json_decode( $body, true, 4 );
		if ( ! is_array( $data ) || array_is_list( $data ) ) {
			throw new Rejection( 'malformed_body' );
		}

		$type = $data['t'] ?? null;
		if ( 'pageview' !== $type && 'event' !== $type ) {
			throw new Rejection( 'malformed_type' );
		}

		$path = $data['p'] ?? null;
		if ( ! is_string( $path ) || ! str_starts_with( $path, '/' ) || 1 === preg_match( '/[\x00-\x1F\x7F]/', $path ) ) {
			throw new Rejection( 'malformed_path' );
		}

		$object = $data['o'] ?? 0;
		if ( is_string( $object ) && ctype_digit( $object ) && strlen( $object ) < 19 ) {
			$object = (int) $object;
		}
		if ( ! is_int( $object ) || $object < 0 ) {
			throw new Rejection( 'malformed_object' );
		}
		// Only a published post's id is kept; the page view still counts by its path.
		if ( $object > 0 && false === $this->objects->has( $object ) ) {
			$object = 0;
		}

		$fields = array(
			't'  => $type,
			'p'  => '',
			'o'  => $object,
			'r'  => '',
			'us' => '',
			'um' => '',
			'uc' => '',
			'ut' => '',
			'ux' => '',
			'ck' => '',
			'u'  => '',
			'en' => '',
			'ep' => array(),
		);
		$found  = $this->clean_path( $path );

		$role = $data['u'] ?? '';
		if ( ! is_string( $role ) || ( '' !== $role && 1 !== preg_match( self::ROLE_PATTERN, $role ) ) ) {
			throw new Rejection( 'malformed_user' );
		}

		// Events carry the page's referrer too (not kept): checked alike.
		$referrer = $data['r'] ?? '';
		if ( ! is_string( $referrer ) || ! $this->is_acceptable_referrer( $referrer ) ) {
			throw new Rejection( 'malformed_referrer' );
		}

		$fields['p'] = $found['path'];
		if ( 'event' === $type ) {
			$fields['en'] = $this->event_name( $data['en'] ?? null );
			$fields['ep'] = $this->event_props( $fields['en'], $data['ep'] ?? array() );
			return $fields;
		}

		foreach ( self::UTM as $field => $parameter ) {
			$value = $data[ $field ] ?? '';
			if ( ! is_string( $value ) ) {
				throw new Rejection( 'malformed_utm' );
			}
			$value            = self::line( $value, self::MAX_UTM );
			$fields[ $field ] = '' !== $value ? $value : $found['utm'][ $field ];
		}

		$click = $data['ck'] ?? '';
		if ( ! is_string( $click ) || ( '' !== $click && ! in_array( $click, self::CLICK_IDS, true ) ) ) {
			throw new Rejection( 'malformed_click_id' );
		}
		$fields['ck'] = '' !== $click ? $click : $found['ck'];

		$fields['r'] = $this->external_referrer( $referrer );
		$fields['u'] = $role;

		if ( isset( $data['en'] ) && '' !== $data['en'] ) {
			throw new Rejection( 'malformed_event_name' );
		}
		return $fields;
	}

	/**
	 * Removes tracking parameters and the fragment from a path, collecting the utm values and the
	 * click id they carried, and tidies the separators.
	 *
	 * @param string $path Path and query.
	 * @return array{path: string, utm: array<string, string>, ck: string}
	 */
	private function clean_path( string $path ): array {
		$utm   = array_fill_keys( array_keys( self::UTM ), '' );
		$click = '';
		$path  = explode( '#', $path, 2 )[0];
		$parts = explode( '?', $path, 2 );
		$kept  = array();
		foreach ( explode( '&', $parts[1] ?? '' ) as $pair ) {
			if ( '' === $pair ) {
				continue;
			}
			$pieces = explode( '=', $pair, 2 );
			$name   = strtolower( urldecode( $pieces[0] ) );
			$field  = array_search( $name, self::UTM, true );
			if ( false !== $field ) {
				$utm[ $field ] = self::line( urldecode( $pieces[1] ?? '' ), self::MAX_UTM );
				continue;
			}
			if ( in_array( $name, self::CLICK_IDS, true ) ) {
				$click = '' === $click ? $name : $click;
				continue;
			}
			$kept[] = $pair;
		}
		$clean = $parts[0] . ( array() === $kept ? '' : '?' . implode( '&', $kept ) );
		return array(
			'path' => Text::cut( $clean, self::MAX_PATH ),
			'utm'  => $utm,
			'ck'   => $click,
		);
	}

	/**
	 * A referrer worth keeping: an http(s) URL of another site; '' otherwise.
	 *
	 * @param string $referrer The referrer the tracker sent.
	 */
	private function external_referrer( string $referrer ): string {
		$referrer = trim( $referrer );
		if ( '' === $referrer || 1 === preg_match( '/[\x00-\x1F\x7F]/', $referrer ) ) {
			return '';
		}
		$host   = self::host( $referrer );
		$scheme = strtolower( (string) parse_url( $referrer, PHP_URL_SCHEME ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- No WordPress here.
		if ( '' === $host || ( 'http' !== $scheme && 'https' !== $scheme ) || in_array( $host, $this->config->hosts, true ) ) {
			return '';
		}
		return Text::cut( $referrer, self::MAX_REFERRER );
	}

	/**
	 * Whether a referrer may come with a hit: none, an http(s) URL or an app's referrer. Anything
	 * else (javascript:, data:, a bare word, a control character) is no referrer a browser gives.
	 *
	 * @param string $referrer The referrer the tracker sent.
	 */
	private function is_acceptable_referrer( string $referrer ): bool {
		$referrer = trim( $referrer );
		if ( '' === $referrer || self::is_http_url( $referrer ) ) {
			return true;
		}
		$scheme = strtolower( (string) strstr( $referrer, ':', true ) );
		return in_array( $scheme, self::APP_REFERRER_SCHEMES, true ) && 1 === preg_match( '#^[a-z-]+://[a-z0-9._-]+(?:/[\x21-\x7e]*)?$#i', $referrer );
	}

	/**
	 * Whether a string is an absolute http(s) URL with a host, without white space or control
	 * characters.
	 *
	 * @param string $url The string.
	 */
	public static function is_http_url( string $url ): bool {
		if ( '' === $url || 1 === preg_match( '/[\s\x00-\x1F\x7F]/', $url ) || 1 !== preg_match( '#^https?://#i', $url ) ) {
			return false;
		}
		$parts = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- No WordPress here.
		return is_array( $parts ) && isset( $parts['host'] ) && '' !== $parts['host'];
	}

	/**
	 * Whether a text is a URL of a scheme other than http(s), which a link must never lead to:
	 * javascript: and vbscript: (script), data: with a media type or a comma (a document), and any
	 * scheme:// (ftp://, file://, …). Plain text such as "Data: a primer, part 2" is none.
	 *
	 * @param string $text The text, control characters removed and trimmed.
	 */
	public static function is_foreign_url( string $text ): bool {
		if ( 1 === preg_match( '/^(?:javascript|vbscript):/i', $text ) ) {
			return true;
		}
		if ( 1 === preg_match( '#^data:[\w.+-]*(?:/[\w.+-]+)?(?:;[^,\s]*)?,#i', $text ) ) {
			return true;
		}
		return 1 === preg_match( '#^([a-z][a-z0-9+.-]*)://#i', $text, $match ) && ! in_array( strtolower( $match[1] ), array( 'http', 'https' ), true );
	}

	/**
	 * An event's name.
	 *
	 * @param mixed $name The name sent.
	 * @throws Rejection When it is not a valid name.
	 */
	private function event_name( $name ): string {
		if ( ! is_string( $name ) || 1 !== preg_match( self::NAME_PATTERN, $name ) ) {
			throw new Rejection( 'malformed_event_name' );
		}
		return $name;
	}

	/**
	 * An event's properties, checked against the rules of the built-in events.
	 *
	 * @param string $name  The event name.
	 * @param mixed  $props The properties sent.
	 * @return array<string, string|int|float|bool>
	 * @throws Rejection When they are malformed.
	 */
	private function event_props( string $name, $props ): array {
		if ( null === $props ) {
			$props = array();
		}
		if ( ! is_array( $props ) || ( array() !== $props && array_is_list( $props ) ) || count( $props ) > self::MAX_PROPS ) {
			throw new Rejection( 'malformed_event_props' );
		}
		$clean = array();
		foreach ( $props as $key => $value ) {
			if ( ! is_string( $key ) || 1 !== preg_match( self::NAME_PATTERN, $key ) ) {
				throw new Rejection( 'malformed_event_props' );
			}
			if ( is_string( $value ) ) {
				$value = self::line( $value, self::MAX_PROP_TEXT );
				// A link in a report must never lead anywhere but to a web page.
				if ( ( 1 === preg_match( self::URL_PROP_PATTERN, $key ) && '' !== $value && ! self::is_http_url( $value ) ) || self::is_foreign_url( $value ) ) {
					throw new Rejection( 'malformed_url' );
				}
			} elseif ( ! is_int( $value ) && ! is_float( $value ) && ! is_bool( $value ) ) {
				throw new Rejection( 'malformed_event_props' );
			}
			$clean[ $key ] = $value;
		}

		switch ( $name ) {
			case 'scroll':
				if ( ! in_array( $clean['percent'] ?? null, self::SCROLL_DEPTHS, true ) ) {
					throw new Rejection( 'malformed_event_props' );
				}
				break;
			case 'outbound_click':
			case 'affiliate_click':
			case 'file_download':
				if ( ! isset( $clean['url'] ) || ! is_string( $clean['url'] ) || '' === $clean['url'] ) {
					throw new Rejection( 'malformed_event_props' );
				}
				if ( 'file_download' === $name && ! isset( $clean['ext'] ) && count( $clean ) < self::MAX_PROPS ) {
					$file = (string) parse_url( $clean['url'], PHP_URL_PATH ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- No WordPress here.
					if ( 1 === preg_match( '/\.([a-z0-9]{1,8})$/i', $file, $match ) ) {
						$clean['ext'] = strtolower( $match[1] );
					}
				}
				break;
			case self::VITALS_EVENT:
				// One to five known metrics, each a number from 0 to its maximum.
				if ( array() === $clean || array() !== array_diff_key( $clean, self::VITALS_MAX ) ) {
					throw new Rejection( 'malformed_event_props' );
				}
				foreach ( $clean as $key => $value ) {
					if ( ! ( is_int( $value ) || is_float( $value ) ) || $value < 0 || $value > self::VITALS_MAX[ $key ] ) {
						throw new Rejection( 'malformed_event_props' );
					}
				}
				break;
			case 'form_impression':
			case 'form_conversion':
				self::require_text( $clean, 'form' );
				$clean['form'] = Text::cut( (string) $clean['form'], self::MAX_LABEL );
				if ( self::is_admin_form( $clean['form'] ) ) {
					throw new Rejection( 'admin_form' );
				}
				break;
			case 'video_start':
			case 'video_complete':
			case 'video_progress':
				self::require_text( $clean, 'title' );
				$clean['title'] = Text::cut( (string) $clean['title'], self::MAX_LABEL );
				if ( isset( $clean['kind'] ) && ! in_array( $clean['kind'], self::MEDIA_KINDS, true ) ) {
					throw new Rejection( 'malformed_event_props' );
				}
				if ( 'video_progress' !== $name ) {
					break;
				}
				$seconds = $clean['seconds'] ?? null;
				$percent = $clean['percent'] ?? null;
				if ( ! is_int( $seconds ) || $seconds < 0 || $seconds > self::MAX_WATCH_SECONDS || ! is_int( $percent ) || $percent < 0 || $percent > 100 ) {
					throw new Rejection( 'malformed_event_props' );
				}
				break;
		}
		return $clean;
	}

	/**
	 * Whether a form id is one of WordPress's admin UI (ADMIN_FORMS), whatever its case.
	 *
	 * @param string $form The form id.
	 */
	public static function is_admin_form( string $form ): bool {
		return in_array( strtolower( $form ), self::ADMIN_FORMS, true );
	}

	/**
	 * Checks that an event has a non-empty text property.
	 *
	 * @param array<string, string|int|float|bool> $props The event's properties.
	 * @param string                               $key   The property.
	 * @throws Rejection When it is missing, empty or not a string.
	 */
	private static function require_text( array $props, string $key ): void {
		if ( ! isset( $props[ $key ] ) || ! is_string( $props[ $key ] ) || '' === $props[ $key ] ) {
			throw new Rejection( 'malformed_event_props' );
		}
	}

	/**
	 * A single-line string: control characters removed, trimmed, cut to a length.
	 *
	 * @param string $text   The string.
	 * @param int    $length The most characters.
	 */
	private static function line( string $text, int $length ): string {
		return Text::cut( trim( (string) preg_replace( '/[\x00-\x1F\x7F]/', '', $text ) ), $length );
	}

	/**
	 * A URL's host, lower case; '' when it has none.
	 *
	 * @param string $url The URL.
	 */
	public static function host( string $url ): string {
		return strtolower( (string) parse_url( $url, PHP_URL_HOST ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- No WordPress here.
	}
}
