<?php
/**
 * The Forms report leaves out WordPress's toolbar search, also when it was stored.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Shared\Reports;

use MonsterInsights\Reports\Admin\BootData;
use MonsterInsights\Reports\Sources\Builtin\Answers\BuiltinSource;
use MonsterInsights\Reports\Tests\Support\Builtin\BuiltinTestCase;
use MonsterInsights\Reports\Tests\Support\Builtin\Hits;

/**
 * Buffer lines as the collector wrote them before it dropped the toolbar's form events: a
 * logged-in visitor's two page views, each with an impression of `adminbarsearch`, one search from
 * the toolbar (a conversion), and one impression and conversion of the content's "newsletter".
 * The report counts the newsletter alone: 1 impression, 1 conversion, 100 %.
 */
class FormsAdminBarTest extends BuiltinTestCase {

	/**
	 * The visits, aggregated; the builtin source; an administrator on the Plus level.
	 */
	protected function set_up() {
		parent::set_up();
		add_filter( 'monsterinsights_reports_raw_days', fn(): int => 800 );
		Hits::reset();
		$event = static fn( string $local, string $name, string $form, string $path ): string => Hits::event( 'a', $local, $name, array( 'form' => $form ), array( 'p' => $path ) );
		$this->aggregate(
			array(
				Hits::pageview( 'a', '2025-03-10 09:00:00', '/', array( 'u' => 'editor' ) ),
				$event( '2025-03-10 09:00:01', 'form_impression', 'adminbarsearch', '/' ),
				$event( '2025-03-10 09:00:02', 'form_impression', 'newsletter', '/' ),
				$event( '2025-03-10 09:00:30', 'form_conversion', 'newsletter', '/' ),
				Hits::pageview( 'a', '2025-03-10 09:01:00', '/about/', array( 'u' => 'editor' ) ),
				$event( '2025-03-10 09:01:01', 'form_impression', 'adminbarsearch', '/about/' ),
				$event( '2025-03-10 09:01:20', 'form_conversion', 'adminbarsearch', '/about/' ),
			)
		);
		update_option( BootData::SOURCE_OPTION, BuiltinSource::KEY );
		$this->act_as( 'administrator' );
		add_filter( 'monsterinsights_reports_licence_level', fn() => 'plus' );
	}

	/**
	 * Only the content's form, in the table and in the totals.
	 */
	public function test_toolbar_search_is_not_a_form(): void {
		list( $status, $data ) = $this->get_json(
			'/monsterinsights-reports/v1/reports/forms',
			array(
				'start' => '2025-03-10',
				'end'   => '2025-03-10',
			)
		);
		$this->assertSame( 200, $status, (string) wp_json_encode( $data ) );
		$this->assertEquals(
			array(
				array(
					'id'             => 'newsletter',
					'impressions'    => 1,
					'conversions'    => 1,
					'conversionrate' => 100,
				),
			),
			$data['forms']['rows']
		);
		$this->assertEquals( array( 'newsletter' ), array_column( $data['forms_source_medium']['rows'], 'id' ) );
		$this->assertEquals( array( 'newsletter' ), array_column( $data['forms_campaign']['rows'], 'id' ) );
		$this->assertEquals( 1, $data['overviewgraph']['impressions']['total'] );
		$this->assertEquals( 1, $data['overviewgraph']['conversions']['total'] );
	}
}
