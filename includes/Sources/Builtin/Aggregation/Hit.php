<?php
/**
 * One line of the buffer: a page view or an event.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

defined( 'ABSPATH' ) || exit;

/**
 * A validated hit, parsed from one JSON line the collector wrote:
 * {"v":1,"id","ts","t":"pageview"|"event","vk","vkp","p","o","r","us","um","uc","ut","ux","ck","u",
 * "ua","cc","rg","ci","en","ep"}. Strings are trimmed to the columns they end up in.
 *
 * `u` is the logged-in visitor's role slug ("-" for a user without a role), '' for a visitor who
 * was not logged in; anything else than a role slug (Collector\Body::ROLE_PATTERN) reads as ''.
 */
final class Hit {

	public const PAGEVIEW = 'pageview';
	public const EVENT    = 'event';

	/**
	 * Click ids the collector reports.
	 */
	public const CLICK_IDS = array( 'gclid', 'msclkid', 'fbclid' );

	/**
	 * The utm members of a hit that has none (shared: most hits have none).
	 */
	private const NO_UTM = array(
		'source'   => '',
		'medium'   => '',
		'campaign' => '',
		'term'     => '',
		'content'  => '',
	);

	/**
	 * Query arguments that say how a visitor came, not which page they saw.
	 */
	private const TRACKING = '/^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|msclkid|fbclid|twclid|ttclid|li_fat_id|igshid|yclid|mc_cid|mc_eid|_ga|_gl)$/i';

	/**
	 * Builds a hit; use from_line().
	 *
	 * @param string               $id       32 hex unique hit id.
	 * @param int                  $ts       Unix seconds.
	 * @param string               $type     PAGEVIEW or EVENT.
	 * @param int                  $visitor  Visitor key under today's salt (its first 60 bits).
	 * @param int                  $previous Visitor key under the previous day's salt, or 0.
	 * @param string               $path     Path and query, see normalise_path().
	 * @param int                  $object   WordPress object id, or 0.
	 * @param string               $referrer External referrer URL, or ''.
	 * @param array<string,string> $utm      source, medium, campaign, term, content (lower-cased source and medium).
	 * @param string               $click    gclid, msclkid, fbclid or ''.
	 * @param string               $ua       Raw user agent.
	 * @param string               $country  ISO country code, upper case, or ''.
	 * @param string               $region   Region.
	 * @param string               $city     City.
	 * @param string               $name     Event name, '' for page views.
	 * @param array<string,mixed>  $props    Event properties.
	 * @param string               $role     The logged-in visitor's role slug, "-" without a role, '' when not logged in.
	 */
	private function __construct(
		public readonly string $id,
		public readonly int $ts,
		public readonly string $type,
		public readonly int $visitor,
		public readonly int $previous,
		public readonly string $path,
		public readonly int $object, // phpcs:ignore Universal.NamingConventions.NoReservedKeywordParameterNames.objectFound -- The hit's field, read as ->object.
		public readonly string $referrer,
		public readonly array $utm,
		public readonly string $click,
		public readonly string $ua,
		public readonly string $country,
		public readonly string $region,
		public readonly string $city,
		public readonly string $name,
		public readonly array $props,
		public readonly string $role = ''
	) {
	}

	/**
	 * Parses a line, or returns null when it is malformed.
	 *
	 * @param string $line One line of a buffer file.
	 */
	public static function from_line( string $line ): ?self {
		$data = json_decode( $line, true );
		if ( ! is_array( $data ) || 1 !== ( $data['v'] ?? null ) ) {
			return null;
		}
		// The string members, trimmed, '' when missing or not a string (inline rather than through
		// text(): this runs for every hit the aggregation reads).
		$id   = is_string( $data['id'] ?? null ) ? trim( $data['id'] ) : '';
		$vk   = is_string( $data['vk'] ?? null ) ? trim( $data['vk'] ) : '';
		$vkp  = is_string( $data['vkp'] ?? null ) ? trim( $data['vkp'] ) : '';
		$type = is_string( $data['t'] ?? null ) ? trim( $data['t'] ) : '';
		$ts   = $data['ts'] ?? null;
		if ( ! self::is_key( $id ) || ! self::is_key( $vk ) || ( '' !== $vkp && ! self::is_key( $vkp ) ) ) {
			return null;
		}
		if ( ! is_int( $ts ) || $ts <= 0 || $ts > 4294967295 || ( self::PAGEVIEW !== $type && self::EVENT !== $type ) ) {
			return null;
		}
		$name = self::EVENT === $type ? substr( self::text( $data, 'en' ), 0, 64 ) : '';
		if ( self::EVENT === $type && '' === $name ) {
			return null;
		}
		$object  = $data['o'] ?? 0;
		$click   = is_string( $data['ck'] ?? null ) ? trim( $data['ck'] ) : '';
		$country = is_string( $data['cc'] ?? null ) ? strtoupper( trim( $data['cc'] ) ) : '';
		$props   = $data['ep'] ?? array();
		$role    = is_string( $data['u'] ?? null ) ? trim( $data['u'] ) : '';
		$utm     = self::NO_UTM;
		if ( isset( $data['us'] ) || isset( $data['um'] ) || isset( $data['uc'] ) || isset( $data['ut'] ) || isset( $data['ux'] ) ) {
			$utm = array(
				'source'   => strtolower( substr( self::text( $data, 'us' ), 0, 191 ) ),
				'medium'   => strtolower( substr( self::text( $data, 'um' ), 0, 100 ) ),
				'campaign' => substr( self::text( $data, 'uc' ), 0, 191 ),
				'term'     => substr( self::text( $data, 'ut' ), 0, 191 ),
				'content'  => substr( self::text( $data, 'ux' ), 0, 191 ),
			);
		}

		return new self(
			strtolower( $id ),
			$ts,
			$type,
			self::key_int( $vk ),
			'' === $vkp ? 0 : self::key_int( $vkp ),
			self::path( is_string( $data['p'] ?? null ) ? trim( $data['p'] ) : '' ),
			is_int( $object ) && $object > 0 ? $object : 0,
			is_string( $data['r'] ?? null ) ? trim( $data['r'] ) : '',
			$utm,
			'' !== $click && in_array( $click, self::CLICK_IDS, true ) ? $click : '',
			is_string( $data['ua'] ?? null ) ? trim( $data['ua'] ) : '',
			2 === strlen( $country ) && ctype_upper( $country ) ? $country : '',
			is_string( $data['rg'] ?? null ) ? substr( trim( $data['rg'] ), 0, 64 ) : '',
			is_string( $data['ci'] ?? null ) ? substr( trim( $data['ci'] ), 0, 128 ) : '',
			$name,
			is_array( $props ) ? $props : array(),
			self::PAGEVIEW === $type && '' !== $role && 1 === preg_match( Collector\Body::ROLE_PATTERN, $role ) ? $role : ''
		);
	}

	/**
	 * Hits in time order as the aggregation takes them: ties (times are whole seconds) put page views
	 * before events, then keep the order the hits arrived in (the buffer's lines are appended in
	 * arrival order; the index breaks every tie, so the hits themselves are never compared).
	 * A page's events follow its page view; within the second they share, an event must not come
	 * first — a passive one (the vitals of a page left within a second) would find no session to
	 * join, and any other would start a Direct session that the page view, bringing a referrer or a
	 * campaign, would not continue. Nor may a visitor's second page come before the first of the same
	 * second: it would start a Direct session (its referrer is the site itself), and the first page,
	 * bringing a search engine or a campaign, a second session of its own.
	 *
	 * @param Hit[] $hits Hits, in the order they arrived.
	 * @return Hit[]
	 */
	public static function in_order( array $hits ): array {
		$hits    = array_values( $hits );
		$times   = array();
		$kinds   = array();
		$arrival = array_keys( $hits );
		foreach ( $hits as $hit ) {
			$times[] = $hit->ts;
			$kinds[] = $hit->is_pageview() ? 0 : 1;
		}
		array_multisort( $times, SORT_NUMERIC, $kinds, SORT_NUMERIC, $arrival, SORT_NUMERIC, $hits );
		return $hits;
	}

	/**
	 * Whether this is a page view.
	 */
	public function is_pageview(): bool {
		return self::PAGEVIEW === $this->type;
	}

	/**
	 * Whether the hit is a measurement sent without the visitor doing anything (the Core Web
	 * Vitals, sent when the page is hidden): it joins its page view's session without starting
	 * one, counts as no interaction and does not lengthen the session, so sampling the vitals
	 * leaves bounces, engagement and durations as they were.
	 */
	public function is_passive(): bool {
		return ! $this->is_pageview() && Collector\Body::VITALS_EVENT === $this->name;
	}

	/**
	 * Whether the hit counts as interaction (for bounces): every event except a scroll under 50%,
	 * a form impression (a form that came into view: the visitor did nothing) and a passive one.
	 */
	public function is_interactive(): bool {
		if ( $this->is_pageview() || $this->is_passive() || 'form_impression' === $this->name ) {
			return false;
		}
		if ( 'scroll' === $this->name ) {
			$percent = $this->props['percent'] ?? 0;
			return is_numeric( $percent ) && (float) $percent >= 50;
		}
		return true;
	}

	/**
	 * Whether the hit says where the visit came from: utm tags, a click id or an external referrer.
	 */
	public function has_acquisition(): bool {
		return '' !== $this->utm['source'] || '' !== $this->utm['medium'] || '' !== $this->utm['campaign']
			|| '' !== $this->click || '' !== $this->referrer;
	}

	/**
	 * A string member of the decoded line, or ''.
	 *
	 * @param array<mixed> $data The decoded line.
	 * @param string       $key  The member.
	 */
	private static function text( array $data, string $key ): string {
		$value = $data[ $key ] ?? '';
		return is_string( $value ) ? trim( $value ) : '';
	}

	/**
	 * Whether a value is 32 hexadecimal digits.
	 *
	 * @param string $value The value.
	 */
	private static function is_key( string $value ): bool {
		return 32 === strlen( $value ) && ctype_xdigit( $value );
	}

	/**
	 * A normalised path, remembered: a site's paths repeat from hit to hit.
	 *
	 * @param string $path As the tracker sent it.
	 */
	private static function path( string $path ): string {
		static $seen = array();
		if ( ! isset( $seen[ $path ] ) ) {
			if ( count( $seen ) > 5000 ) {
				$seen = array();
			}
			$seen[ $path ] = self::normalise_path( $path );
		}
		return $seen[ $path ];
	}

	/**
	 * A visitor key as an integer: its first 60 bits, enough to tell apart the visitors of two days
	 * (two keys among a million share them with a probability of about 1 in 2.3 million), in 8
	 * bytes instead of 32 characters.
	 *
	 * @param string $key 32 hexadecimal digits.
	 */
	public static function key_int( string $key ): int {
		return (int) hexdec( substr( $key, 0, 15 ) );
	}

	/**
	 * The path of a "path+query", as pages are counted: the fragment and the tracking parameters
	 * (utm_*, click ids) go, other query arguments stay (plain permalinks are /?p=123), a leading
	 * slash, at most 2048 bytes.
	 *
	 * @param string $path The collector's path.
	 */
	public static function normalise_path( string $path ): string {
		$path  = (string) preg_replace( '/#.*$/s', '', $path );
		$parts = explode( '?', $path, 2 );
		$path  = $parts[0];
		if ( '' === $path || '/' !== $path[0] ) {
			$path = '/' . $path;
		}
		if ( isset( $parts[1] ) && '' !== $parts[1] ) {
			$keep = array_filter(
				explode( '&', $parts[1] ),
				static fn( string $pair ): bool => '' !== $pair && 1 !== preg_match( self::TRACKING, (string) strstr( $pair . '=', '=', true ) )
			);
			if ( array() !== $keep ) {
				$path .= '?' . implode( '&', $keep );
			}
		}
		return substr( $path, 0, 2048 );
	}
}
