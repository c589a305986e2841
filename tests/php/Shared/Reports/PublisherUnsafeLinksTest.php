<?php
/**
 * The Publishers report counts only web links, also among clicks stored before the collector
 * refused other schemes.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Buffer lines as the collector wrote them before: an anonymous visitor's affiliate click to
 * `javascript:…`, an outbound click to a `data:` URL and a download of a `vbscript:` one, beside
 * one real click of each kind. Each table lists the real link alone, with one click.
 */
class PublisherUnsafeLinksTest extends BuiltinTestCase {

	/**
	 * The visits, aggregated; the builtin source; an administrator on the Plus level.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => 800 );
		Hits::reset();
		$click = static fn( string $local, string $name, string $url ): string => Hits::event( 'a', $local, $name, array( 'url' => $url ), array( 'p' => '/' ) );
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/' ),
				$click( '2025-03-10 09:00:10', 'affiliate_click', 'javascript:alert(document.cookie)' ),
				$click( '2025-03-10 09:00:20', 'affiliate_click', 'https://example.org/go/hosting/' ),
				$click( '2025-03-10 09:00:30', 'outbound_click', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' ),
				$click( '2025-03-10 09:00:40', 'outbound_click', 'https://partner.example/' ),
				$click( '2025-03-10 09:00:50', 'file_download', 'vbscript:msgbox(1)' ),
				$click( '2025-03-10 09:01:00', 'file_download', 'https://example.org/guide.pdf' ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => 'plus' );
	}

	/**
	 * Each table: the web link, one click; no other scheme anywhere in the payload.
	 */
	public function test_only_web_links_are_counted(): void {
		list( $status, $data ) = $this->get_json(
			'/monsterinsights-reports/v1/reports/publisher',
			array(
				'start' => '2025-03-10',
				'end'   => '2025-03-10',
			)
		);
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertSame( array( array( 'https://example.org/go/hosting/', 1 ) ), array_map( static fn( array $row ): array => array( $row['url'], $row['clicks'] ), $data['affiliatelinks']['rows'] ) );
		$this->assertSame( array( array( 'https://partner.example/', 1 ) ), array_map( static fn( array $row ): array => array( $row['title'], $row['clicks'] ), $data['outboundlinks']['rows'] ) );
		$this->assertSame( array( array( 'https://example.org/guide.pdf', 1 ) ), array_map( static fn( array $row ): array => array( $row['title'], $row['clicks'] ), $data['downloadlinks']['rows'] ) );
		$payload = (string) wp_json_encode( $data );
		foreach ( array( 'javascript:', 'data:text', 'vbscript:' ) as $scheme ) {
			$this->assertStringNotContainsString( $scheme, $payload );
		}
	}
}
