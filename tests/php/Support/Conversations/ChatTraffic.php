<?php
/**
 * Visits of the last days for the Conversations AI tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Conversations;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * For a BuiltinTestCase: visits spread over the last 7 complete days (today−7 … today−1, Berlin
 * time, the real today), one visitor each, and visits 9 days ago (the 7 days before):
 *
 * | group    | channel        | device  | visits | pages each | campaign | days ago  |
 * |----------|----------------|---------|--------|------------|----------|-----------|
 * | organic  | Organic Search | desktop | 12     | 2          |          | 1 … 7     |
 * | direct   | Direct         | mobile  | 7      | 1          |          | 1 … 7     |
 * | email    | Email          | mobile  | 5      | 1          | launch   | 1 … 7     |
 * | referral | Referral       | desktop | 3      | 1          |          | 1 … 3     |
 * | old      | Direct         | desktop | 4      | 1          |          | 9         |
 *
 * A one-page visit bounces, a two-page one is engaged.
 */
trait ChatTraffic {

	/**
	 * The groups: channel, device, visits, pages each, campaign, days ago of the first visit, hit extras.
	 *
	 * @return array<string, array{channel: string, device: string, visits: int, pages: int, campaign: string, old: bool, extra: array<string, string>}>
	 */
	protected static function groups(): array {
		return array(
			'organic'  => array(
				'channel'  => 'Organic Search',
				'device'   => 'desktop',
				'visits'   => 12,
				'pages'    => 2,
				'campaign' => '',
				'old'      => false,
				'extra'    => array(
					'r'  => 'https://www.google.com/search?q=x',
					'cc' => 'DE',
					'ua' => Hits::WINDOWS_CHROME,
				),
			),
			'direct'   => array(
				'channel'  => 'Direct',
				'device'   => 'mobile',
				'visits'   => 7,
				'pages'    => 1,
				'campaign' => '',
				'old'      => false,
				'extra'    => array(
					'cc' => 'FR',
					'ua' => Hits::IPHONE_SAFARI,
				),
			),
			'email'    => array(
				'channel'  => 'Email',
				'device'   => 'mobile',
				'visits'   => 5,
				'pages'    => 1,
				'campaign' => 'launch',
				'old'      => false,
				'extra'    => array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'launch',
					'cc' => 'US',
					'ua' => Hits::ANDROID_CHROME,
				),
			),
			'referral' => array(
				'channel'  => 'Referral',
				'device'   => 'desktop',
				'visits'   => 3,
				'pages'    => 1,
				'campaign' => '',
				'old'      => false,
				'extra'    => array(
					'r'  => 'https://example.net/a-post/',
					'cc' => 'DE',
					'ua' => Hits::MAC_FIREFOX,
				),
			),
			'old'      => array(
				'channel'  => 'Direct',
				'device'   => 'desktop',
				'visits'   => 4,
				'pages'    => 1,
				'campaign' => '',
				'old'      => true,
				'extra'    => array(
					'cc' => 'DE',
					'ua' => Hits::WINDOWS_CHROME,
				),
			),
		);
	}

	/**
	 * The site's today, Berlin time.
	 */
	protected static function today(): \DateTimeImmutable {
		return new \DateTimeImmutable( 'today', new \DateTimeZone( 'Europe/Berlin' ) );
	}

	/**
	 * A day before today, Y-m-d.
	 *
	 * @param int $days_ago Days before today.
	 */
	protected static function day( int $days_ago ): string {
		return self::today()->modify( sprintf( '-%d days', $days_ago ) )->format( 'Y-m-d' );
	}

	/**
	 * Writes and aggregates the visits; the builtin source is the active one.
	 */
	protected function seed_traffic(): void {
		Hits::reset();
		$lines = array();
		foreach ( self::groups() as $group => $def ) {
			for ( $i = 0; $i < $def['visits']; $i++ ) {
				$days_ago = $def['old'] ? 9 : 1 + ( $i % 7 );
				$start    = self::day( $days_ago ) . sprintf( ' %02d:%02d:00', 9 + intdiv( $i, 7 ), 5 * ( $i % 7 ) );
				for ( $page = 0; $page < $def['pages']; $page++ ) {
					$local   = ( new \DateTimeImmutable( $start ) )->modify( sprintf( '+%d minutes', 2 * $page ) )->format( 'Y-m-d H:i:s' );
					$lines[] = Hits::pageview( $group . '-' . $i, $local, 0 === $page ? '/' : '/page-' . $page . '/', $def['extra'] );
				}
			}
		}
		$this->files->add_live( $lines );
		( new Aggregator( $this->files, Aggregator::CHUNK, null, time() ) )->run();
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
	}

	/**
	 * The sessions of the last 7 days by a key of the groups (channel, device or campaign), largest first.
	 *
	 * @param string $key  channel, device or campaign.
	 * @param bool   $old  The 7 days before instead.
	 * @return array<string, int>
	 */
	protected static function sessions_by( string $key, bool $old = false ): array {
		$out = array();
		foreach ( self::groups() as $def ) {
			if ( $def['old'] !== $old ) {
				continue;
			}
			$out[ $def[ $key ] ] = ( $out[ $def[ $key ] ] ?? 0 ) + $def['visits'];
		}
		arsort( $out );
		return $out;
	}
}
