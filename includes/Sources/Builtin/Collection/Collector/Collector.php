<?php
/**
 * The collector: turns one tracker request into one buffer line, or into nothing.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collection\Collector;

/**
 * The one handler behind both collect.php (which never loads WordPress) and the REST fallback
 * `POST monsterinsights-reports/v1/collect`, so both behave the same.
 *
 * The request body is Body's: its fields, and what each may hold.
 *
 * The answer is a status with no body:
 *   204  written, or deliberately dropped: bots, prefetches, navigations, Do Not Track / Global
 *        Privacy Control (when honoured), excluded IPs, referrer spam, form events of WordPress's
 *        toolbar (ADMIN_FORMS), a visitor's hits from the
 *        RateLimit::MAX_PER_MINUTE-th of a minute on, and new visitors of an IP address that already
 *        had Config::$visitors_per_ip (RateLimit::MAX_VISITORS_PER_IP) in the minute (both counted
 *        in ratelimit.php). Dropped requests
 *        are not told apart from written ones.
 *   400  malformed body or field; 405 not a POST; 413 body over the size limit; 500 no write.
 *
 * A written line is the buffer contract (see Buffer and the aggregator): v, id, ts, t, vk, vkp, p,
 * o, r, us, um, uc, ut, ux, ck, u, ua, cc, rg, ci, en, ep. The IP address is used for the visitor
 * key, the exclusion check and the location lookup, and is written nowhere.
 */
final class Collector {

	public const STATUS_OK        = 204;
	public const STATUS_MALFORMED = 400;
	public const STATUS_METHOD    = 405;
	public const STATUS_TOO_LARGE = 413;
	public const STATUS_FAILED    = 500;

	public const MAX_USER_AGENT = 512;

	/**
	 * The site's settings.
	 *
	 * @var Config
	 */
	private Config $config;

	/**
	 * Where accepted hits go.
	 *
	 * @var Buffer
	 */
	private Buffer $buffer;

	/**
	 * The daily salts, in the buffer's dir.
	 *
	 * @var Salts
	 */
	private Salts $salts;

	/**
	 * Bot user agents.
	 *
	 * @var BotList
	 */
	private BotList $bots;

	/**
	 * Country, region and city.
	 *
	 * @var Geo
	 */
	private Geo $geo;

	/**
	 * Hits per visitor and minute.
	 *
	 * @var RateLimit
	 */
	private RateLimit $rate_limit;

	/**
	 * The body's reader.
	 *
	 * @var Body
	 */
	private Body $body;

	/**
	 * Keeps the buffer, the rate-limit file and the salts open and locked (or in memory) until
	 * end_hold(), for a batch of requests handled in one process: the seeder, which collects into a
	 * data dir of its own. Each request is checked and written as without it; only the per-request
	 * locking and reading are saved (in WordPress Playground a file lock alone takes about
	 * 0.5 ms). Never on the site's live data dir: other writers wait meanwhile.
	 */
	public function hold(): void {
		$this->buffer->hold();
		$this->rate_limit->hold();
		$this->salts->hold();
	}

	/**
	 * Ends hold(): unlocks and closes what it kept open.
	 */
	public function end_hold(): void {
		$this->salts->end_hold();
		$this->rate_limit->end_hold();
		$this->buffer->end_hold();
	}

	/**
	 * Why the last request was not written; '' when it was.
	 *
	 * @var string
	 */
	private string $reason = '';

	/**
	 * Sets up the handler for one site.
	 *
	 * @param Config $config The site's collector settings.
	 * @param Buffer $buffer The site's buffer; the salts live in the same dir.
	 */
	public function __construct( Config $config, Buffer $buffer ) {
		$this->config = $config;
		$this->buffer = $buffer;
		$this->salts  = new Salts( $buffer->dir(), $config->timezone );
		$this->bots   = new BotList( $config->crawlers );
		$this->geo    = new Geo( $config->country_mmdb, $config->country_header );

		$this->rate_limit = new RateLimit( $buffer->dir() );
		$this->body       = new Body( $config, new ObjectIds( $buffer->dir() ) );
	}

	/**
	 * Handles one request.
	 *
	 * @param array<string, mixed> $server The request's $_SERVER (REQUEST_METHOD, REMOTE_ADDR, HTTP_* headers).
	 * @param string               $body   The raw request body.
	 * @param float                $now    Unix time of the request.
	 * @return int The HTTP status to answer with.
	 */
	public function handle( array $server, string $body, float $now ): int {
		$this->reason = '';
		try {
			$hit = $this->hit( $server, $body, (int) floor( $now ) );
		} catch ( Rejection $rejection ) {
			$this->reason = $rejection->getMessage();
			return $rejection->getCode();
		}
		if ( ! $this->buffer->append( $hit ) ) {
			$this->reason = 'write_failed';
			return self::STATUS_FAILED;
		}
		return self::STATUS_OK;
	}

	/**
	 * Why the last request was not written (`bot`, `malformed_body`, …); '' when it was.
	 */
	public function reason(): string {
		return $this->reason;
	}

	/**
	 * Checks a request and builds its buffer line.
	 *
	 * @param array<string, mixed> $server The request's $_SERVER.
	 * @param string               $body   The raw body.
	 * @param int                  $now    Unix time.
	 * @return array<string, mixed>
	 * @throws Rejection When the request is not to be written.
	 */
	private function hit( array $server, string $body, int $now ): array {
		if ( 'POST' !== strtoupper( self::header( $server, 'REQUEST_METHOD' ) ) ) {
			throw new Rejection( 'method' );
		}
		$length = self::header( $server, 'CONTENT_LENGTH' );
		if ( strlen( $body ) > $this->config->max_body || ( ctype_digit( $length ) && (int) $length > $this->config->max_body ) ) {
			throw new Rejection( 'too_large' );
		}
		foreach ( array( 'HTTP_SEC_PURPOSE', 'HTTP_PURPOSE', 'HTTP_X_PURPOSE', 'HTTP_X_MOZ' ) as $purpose ) {
			$value = strtolower( self::header( $server, $purpose ) );
			if ( str_contains( $value, 'prefetch' ) || str_contains( $value, 'preview' ) ) {
				throw new Rejection( 'prefetch' );
			}
		}
		if ( 'navigate' === strtolower( self::header( $server, 'HTTP_SEC_FETCH_MODE' ) ) ) {
			throw new Rejection( 'navigate' );
		}
		if ( $this->config->honor_gpc && '1' === trim( self::header( $server, 'HTTP_SEC_GPC' ) ) ) {
			throw new Rejection( 'gpc' );
		}
		if ( $this->config->honor_dnt && '1' === trim( self::header( $server, 'HTTP_DNT' ) ) ) {
			throw new Rejection( 'dnt' );
		}
		// User agents are ASCII; anything else is dropped rather than stored.
		$user_agent = trim( (string) preg_replace( '/[^\x20-\x7E]/', '', self::header( $server, 'HTTP_USER_AGENT' ) ) );
		if ( '' === $user_agent ) {
			throw new Rejection( 'no_user_agent' );
		}
		$ip = Ip::client( $server, $this->config->trusted_proxy, $this->config->trusted_proxies );
		if ( '' === $ip ) {
			throw new Rejection( 'no_ip' );
		}
		if ( Ip::matches_any( $ip, $this->config->excluded_ips ) ) {
			throw new Rejection( 'excluded_ip' );
		}

		$fields = $this->body->fields( $body );

		if ( '' !== $fields['r'] && $this->is_spam( $fields['r'] ) ) {
			throw new Rejection( 'referrer_spam' );
		}
		if ( $this->bots->is_bot( $user_agent ) ) {
			throw new Rejection( 'bot' );
		}

		$user_agent = Text::cut( $user_agent, self::MAX_USER_AGENT );
		$salts      = $this->salts->for_time( $now );
		if ( '' === $salts['current'] ) {
			throw new Rejection( 'no_salt' );
		}
		$visitor = $this->visitor_key( $ip, $user_agent, $salts['current'] );
		if ( ! $this->rate_limit->allow( $visitor, $now, $this->address_key( $ip, $salts['current'] ), $this->config->visitors_per_ip ) ) {
			throw new Rejection( 'rate_limited' );
		}
		$place = $this->geo->locate( $ip, $server );

		return array(
			'v'   => 1,
			'id'  => bin2hex( random_bytes( 16 ) ),
			'ts'  => $now,
			't'   => $fields['t'],
			'vk'  => $visitor,
			'vkp' => '' === $salts['previous'] ? '' : $this->visitor_key( $ip, $user_agent, $salts['previous'] ),
			'p'   => $fields['p'],
			'o'   => $fields['o'],
			'r'   => $fields['r'],
			'us'  => $fields['us'],
			'um'  => $fields['um'],
			'uc'  => $fields['uc'],
			'ut'  => $fields['ut'],
			'ux'  => $fields['ux'],
			'ck'  => $fields['ck'],
			'u'   => $fields['u'],
			'ua'  => $user_agent,
			'cc'  => $place['cc'],
			'rg'  => $place['rg'],
			'ci'  => $place['ci'],
			'en'  => $fields['en'],
			'ep'  => (object) $fields['ep'],
		);
	}

	/**
	 * The visitor keys a hit of this request would carry, under the current salt and the previous
	 * one, without writing anything: for what the server records in the visitor's own request (a
	 * shop's checkout). Null when the collector would drop such a hit whatever its body: Global
	 * Privacy Control or Do Not Track (when honoured), no user agent, no address, an excluded
	 * address, a bot, or no salt.
	 *
	 * @param array<string, mixed> $server The request's $_SERVER.
	 * @param float                $now    Unix time of the request.
	 * @return array{current: string, previous: string}|null 32 hex characters each; previous '' when
	 *                                                      yesterday has no salt.
	 */
	public function visitor_keys( array $server, float $now ): ?array {
		if ( $this->config->honor_gpc && '1' === trim( self::header( $server, 'HTTP_SEC_GPC' ) ) ) {
			return null;
		}
		if ( $this->config->honor_dnt && '1' === trim( self::header( $server, 'HTTP_DNT' ) ) ) {
			return null;
		}
		$user_agent = trim( (string) preg_replace( '/[^\x20-\x7E]/', '', self::header( $server, 'HTTP_USER_AGENT' ) ) );
		$ip         = Ip::client( $server, $this->config->trusted_proxy, $this->config->trusted_proxies );
		if ( '' === $user_agent || '' === $ip || Ip::matches_any( $ip, $this->config->excluded_ips ) || $this->bots->is_bot( $user_agent ) ) {
			return null;
		}
		$user_agent = Text::cut( $user_agent, self::MAX_USER_AGENT );
		$salts      = $this->salts->for_time( (int) floor( $now ) );
		if ( '' === $salts['current'] ) {
			return null;
		}
		return array(
			'current'  => $this->visitor_key( $ip, $user_agent, $salts['current'] ),
			'previous' => '' === $salts['previous'] ? '' : $this->visitor_key( $ip, $user_agent, $salts['previous'] ),
		);
	}

	/**
	 * The visitor key: a keyed hash of site, IP and user agent under a salt of the site-local day.
	 *
	 * @param string $ip         The visitor's address.
	 * @param string $user_agent The visitor's user agent.
	 * @param string $salt       A raw daily salt.
	 * @return string 32 hex characters.
	 */
	public function visitor_key( string $ip, string $user_agent, string $salt ): string {
		return substr( hash_hmac( 'sha256', $this->config->site_id . '|' . $ip . '|' . $user_agent, $salt ), 0, 32 );
	}

	/**
	 * The address key of the per-address rate limit: a keyed hash of site and IP under a salt of
	 * the site-local day, so the address itself is kept nowhere.
	 *
	 * @param string $ip   The visitor's address.
	 * @param string $salt A raw daily salt.
	 * @return string 32 hex characters.
	 */
	public function address_key( string $ip, string $salt ): string {
		return substr( hash_hmac( 'sha256', 'ip|' . $this->config->site_id . '|' . $ip, $salt ), 0, 32 );
	}

	/**
	 * Whether a referrer's host is, or is under, a host of the spam list.
	 *
	 * @param string $referrer An external referrer URL.
	 */
	private function is_spam( string $referrer ): bool {
		$host = Body::host( $referrer );
		foreach ( $this->config->referrer_spam as $spam ) {
			if ( $host === $spam || str_ends_with( $host, '.' . $spam ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A $_SERVER value as a string; '' when absent.
	 *
	 * @param array<string, mixed> $server The request's $_SERVER.
	 * @param string               $key    The key.
	 */
	private static function header( array $server, string $key ): string {
		$value = $server[ $key ] ?? '';
		return is_scalar( $value ) ? (string) $value : '';
	}
}
