<?php
/**
 * Where a visit came from.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Aggregation;

defined( 'ABSPATH' ) || exit;

/**
 * A hit's source, medium, campaign, click id and channel, as GA4 derives them:
 * - utm_source given: that source, utm_medium (or "(not set)");
 * - else a Google or Microsoft Ads click id: google / bing, cpc;
 * - else an external referrer: its host, "organic" for a search engine, else "referral";
 * - else a Facebook click id: facebook.com, referral;
 * - else utm_medium or utm_campaign alone: "(not set)", utm_medium;
 * - else "(direct)", "(none)".
 */
final class Acquisition {

	public const DIRECT_SOURCE = '(direct)';
	public const DIRECT_MEDIUM = '(none)';
	public const NOT_SET       = '(not set)';

	/**
	 * The campaign's lookup key (campaign_hash()), computed once: every hit of the visit asks.
	 *
	 * @var string
	 */
	private string $campaign_hash;

	/**
	 * Builds one; use of().
	 *
	 * @param string               $source   Source, lower case.
	 * @param string               $medium   Medium, lower case.
	 * @param string               $category SourceList category of the source, or ''.
	 * @param string               $click    Click id kind, or ''.
	 * @param array<string,string> $campaign name, source, medium, term, content; name '' when none.
	 * @param string               $channel  Channels::* name.
	 */
	private function __construct(
		public readonly string $source,
		public readonly string $medium,
		public readonly string $category,
		public readonly string $click,
		public readonly array $campaign,
		public readonly string $channel
	) {
		$this->campaign_hash = '' === $campaign['name'] ? '' : md5( implode( "\n", $campaign ) );
	}

	/**
	 * The acquisition of a hit.
	 *
	 * @param Hit $hit The hit.
	 */
	public static function of( Hit $hit ): self {
		$utm  = $hit->utm;
		$host = SourceList::host( $hit->referrer );
		if ( '' !== $utm['source'] ) {
			$source   = $utm['source'];
			$medium   = '' !== $utm['medium'] ? $utm['medium'] : self::NOT_SET;
			$category = SourceList::category_of_name( $source );
		} elseif ( in_array( $hit->click, array( 'gclid', 'msclkid' ), true ) ) {
			$source   = 'gclid' === $hit->click ? 'google' : 'bing';
			$medium   = '' !== $utm['medium'] ? $utm['medium'] : 'cpc';
			$category = SourceList::SEARCH;
		} elseif ( '' !== $host ) {
			$source   = $host;
			$category = SourceList::category_of_host( $host );
			$medium   = '' !== $utm['medium'] ? $utm['medium'] : ( SourceList::SEARCH === $category ? 'organic' : 'referral' );
		} elseif ( 'fbclid' === $hit->click ) {
			$source   = 'facebook.com';
			$category = SourceList::SOCIAL;
			$medium   = '' !== $utm['medium'] ? $utm['medium'] : 'referral';
		} elseif ( '' !== $utm['medium'] || '' !== $utm['campaign'] ) {
			$source   = self::NOT_SET;
			$category = '';
			$medium   = '' !== $utm['medium'] ? $utm['medium'] : self::NOT_SET;
		} else {
			$source   = self::DIRECT_SOURCE;
			$medium   = self::DIRECT_MEDIUM;
			$category = '';
		}

		$campaign = array(
			'name'    => $utm['campaign'],
			'source'  => $source,
			'medium'  => $medium,
			'term'    => $utm['term'],
			'content' => $utm['content'],
		);
		if ( '' === $utm['campaign'] ) {
			$campaign = array_fill_keys( array_keys( $campaign ), '' );
		}

		return new self( $source, $medium, $category, $hit->click, $campaign, Channels::classify( $source, $medium, $category, $hit->click ) );
	}

	/**
	 * The campaign's lookup key, or '' when the visit has no campaign.
	 */
	public function campaign_hash(): string {
		return $this->campaign_hash;
	}

	/**
	 * What makes a visit a new session when it changes: source, medium and campaign.
	 */
	public function key(): string {
		return $this->source . "\n" . $this->medium . "\n" . $this->campaign_hash();
	}
}
