<?php
/**
 * GA4's default channel group, rule by rule.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Builtin;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Channels;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;
use MonsterInsights\Reports\Tests\TestCase;

/**
 * Each rule with the hits that reach it (utm tags, click ids, referrer hosts through the source
 * list), and the precedence between rules.
 */
class ChannelsTest extends TestCase {

	/**
	 * The acquisition of a page view with these fields.
	 *
	 * @param array<string, mixed> $fields r, us, um, uc, ck.
	 */
	private function acquisition( array $fields ): Acquisition {
		$hit = Hit::from_line( Hits::pageview( 'v', '2025-03-10 10:00:00', '/', $fields ) );
		$this->assertNotNull( $hit );
		return Acquisition::of( $hit );
	}

	/**
	 * Asserts the channel of each case.
	 *
	 * @param string                              $channel The expected channel.
	 * @param array<string, array<string, mixed>> $cases   Label => hit fields.
	 */
	private function assert_channel( string $channel, array $cases ): void {
		foreach ( $cases as $label => $fields ) {
			$this->assertSame( $channel, $this->acquisition( $fields )->channel, $label );
		}
	}

	/**
	 * The source list was built (npm run build writes build/data).
	 */
	public function test_the_source_list_is_built() {
		$this->assertFileExists( MONSTERINSIGHTS_REPORTS_DIR . 'build/data/sources.json', 'Run: npm run build' );
	}

	/**
	 * Paid Search: a search source with a paid medium, or a Google/Microsoft Ads click id.
	 */
	public function test_paid_search() {
		$this->assert_channel(
			Channels::PAID_SEARCH,
			array(
				'utm google cpc'        => array(
					'us' => 'google',
					'um' => 'cpc',
				),
				'utm bing ppc'          => array(
					'us' => 'bing',
					'um' => 'ppc',
				),
				'gclid'                 => array( 'ck' => 'gclid' ),
				'msclkid with referrer' => array(
					'ck' => 'msclkid',
					'r'  => 'https://www.bing.com/',
				),
				'search referrer, paid' => array(
					'r'  => 'https://duckduckgo.com/',
					'um' => 'paidsearch',
				),
			)
		);
		$this->assertSame( array( 'google', 'cpc' ), array( $this->acquisition( array( 'ck' => 'gclid' ) )->source, $this->acquisition( array( 'ck' => 'gclid' ) )->medium ) );
	}

	/**
	 * Paid Social: a social source with a paid medium, or a Facebook click id with a paid medium.
	 */
	public function test_paid_social() {
		$this->assert_channel(
			Channels::PAID_SOCIAL,
			array(
				'utm facebook paid'    => array(
					'us' => 'facebook',
					'um' => 'paid',
				),
				'utm fb cpc'           => array(
					'us' => 'fb',
					'um' => 'cpc',
				),
				'linkedin retargeting' => array(
					'us' => 'linkedin',
					'um' => 'retargeting',
				),
				'fbclid, paid'         => array(
					'ck' => 'fbclid',
					'um' => 'cpc',
				),
			)
		);
	}

	/**
	 * Display: display media.
	 */
	public function test_display() {
		$cases = array();
		foreach ( array( 'display', 'banner', 'expandable', 'interstitial', 'cpm' ) as $medium ) {
			$cases[ $medium ] = array(
				'us' => 'adnetwork',
				'um' => $medium,
			);
		}
		$this->assert_channel( Channels::DISPLAY, $cases );
	}

	/**
	 * Paid Other: any other paid medium.
	 */
	public function test_paid_other() {
		$this->assert_channel(
			Channels::PAID_OTHER,
			array(
				'unknown source, cpc' => array(
					'us' => 'partner',
					'um' => 'cpc',
				),
				'video source, paid'  => array(
					'us' => 'youtube',
					'um' => 'paid_video',
				),
				'no source, cpv'      => array( 'um' => 'cpv' ),
			)
		);
	}

	/**
	 * Organic Social: a social source or a social medium.
	 */
	public function test_organic_social() {
		$this->assert_channel(
			Channels::ORGANIC_SOCIAL,
			array(
				't.co'                => array( 'r' => 'https://t.co/abc' ),
				'l.facebook.com'      => array( 'r' => 'https://l.facebook.com/l.php?u=x' ),
				'reddit'              => array( 'r' => 'https://www.reddit.com/r/wordpress/' ),
				'fbclid alone'        => array( 'ck' => 'fbclid' ),
				'utm instagram'       => array( 'us' => 'ig' ),
				'medium social'       => array(
					'us' => 'partner',
					'um' => 'social',
				),
				'medium sm'           => array(
					'us' => 'partner',
					'um' => 'sm',
				),
				'medium social media' => array(
					'us' => 'partner',
					'um' => 'social media',
				),
			)
		);
	}

	/**
	 * Organic Video: a video source or a medium containing "video".
	 */
	public function test_organic_video() {
		$this->assert_channel(
			Channels::ORGANIC_VIDEO,
			array(
				'youtube.com'   => array( 'r' => 'https://www.youtube.com/watch?v=1' ),
				'm.youtube.com' => array( 'r' => 'https://m.youtube.com/' ),
				'vimeo'         => array( 'r' => 'https://vimeo.com/1' ),
				'medium video'  => array(
					'us' => 'partner',
					'um' => 'video_embed',
				),
			)
		);
	}

	/**
	 * AI Assistants: the assistants' hosts, as referrers or as utm_source.
	 */
	public function test_ai_assistants() {
		$this->assert_channel(
			Channels::AI_ASSISTANTS,
			array(
				'chatgpt.com'            => array( 'r' => 'https://chatgpt.com/' ),
				'chat.openai.com'        => array( 'r' => 'https://chat.openai.com/c/1' ),
				'perplexity.ai'          => array( 'r' => 'https://www.perplexity.ai/search' ),
				'gemini.google.com'      => array( 'r' => 'https://gemini.google.com/app' ),
				'copilot.microsoft.com'  => array( 'r' => 'https://copilot.microsoft.com/' ),
				'claude.ai'              => array( 'r' => 'https://claude.ai/chat/1' ),
				'utm_source chatgpt.com' => array( 'us' => 'chatgpt.com' ),
			)
		);
	}

	/**
	 * Organic Search: a search engine, or the organic medium.
	 */
	public function test_organic_search() {
		$this->assert_channel(
			Channels::ORGANIC_SEARCH,
			array(
				'google.com'     => array( 'r' => 'https://www.google.com/' ),
				'google.de'      => array( 'r' => 'https://www.google.de/' ),
				'bing'           => array( 'r' => 'https://www.bing.com/search?q=x' ),
				'duckduckgo'     => array( 'r' => 'https://duckduckgo.com/' ),
				'yandex'         => array( 'r' => 'https://yandex.ru/search/' ),
				'utm google'     => array( 'us' => 'google' ),
				'medium organic' => array(
					'us' => 'partner',
					'um' => 'organic',
				),
			)
		);
		$this->assertSame( 'organic', $this->acquisition( array( 'r' => 'https://www.google.com/' ) )->medium );
	}

	/**
	 * Email: email source or medium spellings, and webmail referrers.
	 */
	public function test_email() {
		$this->assert_channel(
			Channels::EMAIL,
			array(
				'medium email'   => array(
					'us' => 'newsletter',
					'um' => 'email',
				),
				'medium e-mail'  => array(
					'us' => 'newsletter',
					'um' => 'e-mail',
				),
				'medium e_mail'  => array(
					'us' => 'newsletter',
					'um' => 'e_mail',
				),
				'medium e mail'  => array(
					'us' => 'newsletter',
					'um' => 'e mail',
				),
				'source email'   => array( 'us' => 'email' ),
				'gmail referrer' => array( 'r' => 'https://mail.google.com/' ),
			)
		);
	}

	/**
	 * Affiliates: the affiliate medium.
	 */
	public function test_affiliates() {
		$this->assert_channel(
			Channels::AFFILIATES,
			array(
				'medium affiliate' => array(
					'us' => 'partner',
					'um' => 'affiliate',
				),
			)
		);
	}

	/**
	 * SMS: sms as source or medium.
	 */
	public function test_sms() {
		$this->assert_channel(
			Channels::SMS,
			array(
				'source sms' => array( 'us' => 'sms' ),
				'medium sms' => array(
					'us' => 'twilio',
					'um' => 'sms',
				),
			)
		);
	}

	/**
	 * Referral: referral media and any other external referrer.
	 */
	public function test_referral() {
		$this->assert_channel(
			Channels::REFERRAL,
			array(
				'a blog'             => array( 'r' => 'https://example.org/post/' ),
				'wikipedia'          => array( 'r' => 'https://en.wikipedia.org/wiki/WordPress' ),
				'google, not search' => array( 'r' => 'https://support.google.com/' ),
				'medium referral'    => array(
					'us' => 'partner',
					'um' => 'referral',
				),
				'medium app'         => array(
					'us' => 'partner',
					'um' => 'app',
				),
				'medium link'        => array(
					'us' => 'partner',
					'um' => 'link',
				),
			)
		);
		$this->assertSame( array( 'example.org', 'referral' ), array( $this->acquisition( array( 'r' => 'https://www.example.org/a' ) )->source, $this->acquisition( array( 'r' => 'https://www.example.org/a' ) )->medium ) );
	}

	/**
	 * Direct: no source at all.
	 */
	public function test_direct() {
		$acquisition = $this->acquisition( array() );
		$this->assertSame( array( Channels::DIRECT, '(direct)', '(none)', '' ), array( $acquisition->channel, $acquisition->source, $acquisition->medium, $acquisition->campaign_hash() ) );
	}

	/**
	 * Tagged traffic no rule claims is Unassigned, as in GA4.
	 */
	public function test_unassigned() {
		$this->assert_channel(
			Channels::UNASSIGNED,
			array(
				'unknown pair' => array(
					'us' => 'partner',
					'um' => 'banner_ad_2',
				),
				'source only'  => array( 'us' => 'partner' ),
			)
		);
	}

	/**
	 * The first matching rule wins.
	 */
	public function test_precedence() {
		$cases = array(
			'paid search before organic search'   => array(
				Channels::PAID_SEARCH,
				array(
					'r'  => 'https://www.google.com/',
					'um' => 'cpc',
				),
			),
			'paid search before display (cpm)'    => array(
				Channels::PAID_SEARCH,
				array(
					'us' => 'google',
					'um' => 'cpm',
				),
			),
			'gclid before the email medium'       => array(
				Channels::PAID_SEARCH,
				array(
					'ck' => 'gclid',
					'us' => 'newsletter',
					'um' => 'email',
				),
			),
			'paid social before organic social'   => array(
				Channels::PAID_SOCIAL,
				array(
					'us' => 'facebook',
					'um' => 'cpc',
				),
			),
			'display before paid other'           => array(
				Channels::DISPLAY,
				array(
					'us' => 'partner',
					'um' => 'cpm',
				),
			),
			'paid other before organic video'     => array(
				Channels::PAID_OTHER,
				array(
					'us' => 'youtube',
					'um' => 'cpc',
				),
			),
			'organic social before email medium'  => array(
				Channels::ORGANIC_SOCIAL,
				array(
					'us' => 'facebook',
					'um' => 'email',
				),
			),
			'organic video before organic search' => array(
				Channels::ORGANIC_VIDEO,
				array(
					'us' => 'youtube',
					'um' => 'organic',
				),
			),
			'AI before search (gemini on google)' => array( Channels::AI_ASSISTANTS, array( 'r' => 'https://gemini.google.com/' ) ),
			'organic search before email medium'  => array(
				Channels::ORGANIC_SEARCH,
				array(
					'us' => 'bing',
					'um' => 'email',
				),
			),
			'email before affiliates'             => array(
				Channels::EMAIL,
				array(
					'us' => 'email',
					'um' => 'affiliate',
				),
			),
			'affiliates before sms'               => array(
				Channels::AFFILIATES,
				array(
					'us' => 'sms',
					'um' => 'affiliate',
				),
			),
			'sms before referral'                 => array(
				Channels::SMS,
				array(
					'us' => 'sms',
					'um' => 'referral',
				),
			),
			'utm tags before the referrer'        => array(
				Channels::EMAIL,
				array(
					'r'  => 'https://www.google.com/',
					'us' => 'newsletter',
					'um' => 'email',
				),
			),
		);
		foreach ( $cases as $label => list( $channel, $fields ) ) {
			$this->assertSame( $channel, $this->acquisition( $fields )->channel, $label );
		}
	}

	/**
	 * The campaign is part of the acquisition, with its own key.
	 */
	public function test_campaign() {
		$acquisition = $this->acquisition(
			array(
				'us' => 'Newsletter',
				'um' => 'Email',
				'uc' => 'Spring Sale',
				'ut' => 'shoes',
				'ux' => 'top',
			)
		);
		$this->assertSame(
			array(
				'name'    => 'Spring Sale',
				'source'  => 'newsletter',
				'medium'  => 'email',
				'term'    => 'shoes',
				'content' => 'top',
			),
			$acquisition->campaign
		);
		$this->assertSame( 32, strlen( $acquisition->campaign_hash() ) );
	}
}
