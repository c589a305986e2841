<?php
/**
 * GA4's default channel group.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * Classifies a session's source, medium and click id into one channel, with GA4's default channel
 * group rules in GA4's order; the first rule that matches wins. Channel names are GA4's, stored as
 * they are (the app translates them).
 *
 * Differences from GA4, on purpose: a webmail referrer (mail.google.com) counts as Email; AI
 * assistants have their own channel, ahead of Organic Search; GA4's shopping, audio, push and
 * cross-network channels do not apply to this collector.
 */
final class Channels {

	public const PAID_SEARCH    = 'Paid Search';
	public const PAID_SOCIAL    = 'Paid Social';
	public const DISPLAY        = 'Display';
	public const PAID_OTHER     = 'Paid Other';
	public const ORGANIC_SOCIAL = 'Organic Social';
	public const ORGANIC_VIDEO  = 'Organic Video';
	public const AI_ASSISTANTS  = 'AI Assistants';
	public const ORGANIC_SEARCH = 'Organic Search';
	public const EMAIL          = 'Email';
	public const AFFILIATES     = 'Affiliates';
	public const SMS            = 'SMS';
	public const REFERRAL       = 'Referral';
	public const DIRECT         = 'Direct';
	public const UNASSIGNED     = 'Unassigned';

	/**
	 * GA4's paid medium pattern.
	 */
	private const PAID_MEDIUM = '/^(.*cp.*|ppc|retargeting|paid.*)$/';

	/**
	 * Every channel, in rule order: the public constants, as declared.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		return array_values( ( new \ReflectionClass( self::class ) )->getConstants( \ReflectionClassConstant::IS_PUBLIC ) );
	}

	/**
	 * The channel of a session.
	 *
	 * @param string $source   Source, lower case: a referrer host, a utm_source, or "(direct)".
	 * @param string $medium   Medium, lower case: utm_medium, "organic", "referral", "cpc" or "(none)".
	 * @param string $category The source's category (SourceList::SEARCH …), or ''.
	 * @param string $click    gclid, msclkid, fbclid or ''.
	 */
	public static function classify( string $source, string $medium, string $category, string $click ): string {
		$paid  = 1 === preg_match( self::PAID_MEDIUM, $medium );
		$rules = array(
			self::PAID_SEARCH    => ( SourceList::SEARCH === $category && $paid ) || in_array( $click, array( 'gclid', 'msclkid' ), true ),
			self::PAID_SOCIAL    => $paid && ( SourceList::SOCIAL === $category || 'fbclid' === $click ),
			self::DISPLAY        => in_array( $medium, array( 'display', 'banner', 'expandable', 'interstitial', 'cpm' ), true ),
			self::PAID_OTHER     => $paid,
			self::ORGANIC_SOCIAL => SourceList::SOCIAL === $category || in_array( $medium, array( 'social', 'social-network', 'social-media', 'sm', 'social network', 'social media' ), true ),
			self::ORGANIC_VIDEO  => SourceList::VIDEO === $category || str_contains( $medium, 'video' ),
			self::AI_ASSISTANTS  => SourceList::AI === $category,
			self::ORGANIC_SEARCH => SourceList::SEARCH === $category || 'organic' === $medium,
			self::EMAIL          => SourceList::EMAIL === $category || self::is_email( $source ) || self::is_email( $medium ),
			self::AFFILIATES     => 'affiliate' === $medium,
			self::SMS            => 'sms' === $source || 'sms' === $medium,
			self::REFERRAL       => in_array( $medium, array( 'referral', 'app', 'link' ), true ),
			self::DIRECT         => '(direct)' === $source && in_array( $medium, array( '(none)', '(not set)', '' ), true ),
		);
		foreach ( $rules as $channel => $matches ) {
			if ( $matches ) {
				return $channel;
			}
		}
		return self::UNASSIGNED;
	}

	/**
	 * GA4's spellings of email.
	 *
	 * @param string $value A source or medium.
	 */
	private static function is_email( string $value ): bool {
		return in_array( $value, array( 'email', 'e-mail', 'e_mail', 'e mail' ), true );
	}
}
