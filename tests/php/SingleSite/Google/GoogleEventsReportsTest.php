<?php
/**
 * The reports GA4 answers from its events, Google signals and custom dimensions: Forms, Media,
 * Publishers and Dimensions.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\SingleSite\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Settings\Modules;
use MonsterInsights\Reports\Sources\Google\Cache;
use MonsterInsights\Reports\Sources\Google\GoogleSource;
use MonsterInsights\Reports\Tests\Support\FakeGoogle\GoogleReportTestCase;

/**
 * Property 300000001 over 1–3 November 2026. Every expected number is the fake's documented
 * formula (docs/development.md, "The fake Google server"): an additive metric of a row is the sum
 * over its days of crc32("{property}|{metric}|{day}|{row's values}|{filters as sent}") % 1000.
 */
class GoogleEventsReportsTest extends GoogleReportTestCase {

	private const DAYS = array( '2026-11-01', '2026-11-02', '2026-11-03' );

	private const RANGE = array(
		'start' => '2026-11-01',
		'end'   => '2026-11-03',
	);

	/**
	 * The fake's additive value of a row.
	 *
	 * @param string $metric  GA4's metric.
	 * @param string $values  The row's values, joined with |.
	 * @param string $filters The filters' key.
	 */
	private static function additive( string $metric, string $values, string $filters = '' ): int {
		$sum = 0;
		foreach ( self::DAYS as $day ) {
			$sum += crc32( self::PROPERTY . '|' . $metric . '|' . $day . '|' . $values . '|' . $filters ) % 1000;
		}
		return $sum;
	}

	/**
	 * The filters' key of a dimensionFilter.
	 *
	 * @param array<string, mixed> $filter The dimensionFilter.
	 */
	private static function key( array $filter ): string {
		return (string) wp_json_encode( array( 'dimensionFilter' => $filter ), JSON_UNESCAPED_SLASHES );
	}

	/**
	 * An inListFilter on eventName.
	 *
	 * @param string[] $events The events.
	 * @return array<string, mixed>
	 */
	private static function events( array $events ): array {
		return array(
			'filter' => array(
				'fieldName'    => 'eventName',
				'inListFilter' => array( 'values' => $events ),
			),
		);
	}

	/**
	 * The range.
	 */
	private static function range(): DateRange {
		return new DateRange( new \DateTimeImmutable( '2026-11-01', wp_timezone() ), new \DateTimeImmutable( '2026-11-03', wp_timezone() ) );
	}

	/**
	 * Every RunReportRequest sent, alone or in a batch, in order.
	 *
	 * @return list<array<string, mixed>>
	 */
	private static function sent_reports(): array {
		$out = array();
		foreach ( self::fake_google_requests() as $request ) {
			$body = json_decode( (string) $request['body'], true );
			if ( str_contains( $request['path'], ':batchRunReports' ) ) {
				$out = array_merge( $out, $body['requests'] );
			} elseif ( str_contains( $request['path'], ':runReport' ) ) {
				$out[] = $body;
			}
		}
		return $out;
	}

	/**
	 * The body of the last Data API request.
	 *
	 * @return array<string, mixed>
	 */
	private static function last_body(): array {
		$requests = array_values( array_filter( self::fake_google_requests(), static fn( array $r ): bool => str_contains( $r['path'], ':runReport' ) ) );
		return json_decode( (string) end( $requests )['body'], true );
	}

	/**
	 * Forms: one runReport of eventCount by form id and eventName, filtered to form_impression and
	 * form_conversion; impressions, conversions and their rate per form, and their totals.
	 */
	public function test_forms_from_their_events(): void {
		$result = ( new GoogleSource() )->run( new Query( Metric::FORM_METRICS, array( Dimension::FORM_ID ), self::range() ) );
		$filter = self::events( array( 'form_impression', 'form_conversion' ) );
		$this->assertSame(
			array(
				'dateRanges'          => array(
					array(
						'startDate' => '2026-11-01',
						'endDate'   => '2026-11-03',
					),
				),
				'dimensions'          => array( array( 'name' => 'customEvent:form_id' ), array( 'name' => 'eventName' ) ),
				'metrics'             => array( array( 'name' => 'eventCount' ) ),
				'dimensionFilter'     => $filter,
				'returnPropertyQuota' => true,
			),
			self::last_body()
		);
		$expected = array();
		$totals   = array( 0, 0 );
		foreach ( array( 'wpforms-34', 'wpcf7-12', 'newsletter' ) as $form ) {
			$impressions = self::additive( 'eventCount', $form . '|form_impression', self::key( $filter ) );
			$conversions = self::additive( 'eventCount', $form . '|form_conversion', self::key( $filter ) );
			$expected[]  = array(
				'dimensions' => array( Dimension::FORM_ID => $form ),
				'metrics'    => array(
					Metric::FORM_IMPRESSIONS     => $impressions,
					Metric::FORM_CONVERSIONS     => $conversions,
					Metric::FORM_CONVERSION_RATE => round( $conversions / $impressions * 100, 2 ),
				),
			);
			$totals[0]  += $impressions;
			$totals[1]  += $conversions;
		}
		$this->assertSame( $expected, $result->rows );
		$this->assertSame(
			array(
				Metric::FORM_IMPRESSIONS     => $totals[0],
				Metric::FORM_CONVERSIONS     => $totals[1],
				Metric::FORM_CONVERSION_RATE => round( $totals[1] / $totals[0] * 100, 2 ),
			),
			$result->totals
		);
	}

	/**
	 * Media: plays (video_start) and completions per play (video_complete ÷ video_start) by
	 * title; GA4 keeps no watch time: 0.
	 */
	public function test_videos_from_their_events(): void {
		$result = ( new GoogleSource() )->run( new Query( Metric::MEDIA_METRICS, array( Dimension::VIDEO_TITLE ), self::range() ) );
		$filter = self::events( array( 'video_start', 'video_complete' ) );
		$this->assertSame( $filter, self::last_body()['dimensionFilter'] );
		$rows = array();
		foreach ( array( 'Product tour', 'Getting started in 5 minutes' ) as $title ) {
			$starts = self::additive( 'eventCount', $title . '|video_start', self::key( $filter ) );
			$done   = self::additive( 'eventCount', $title . '|video_complete', self::key( $filter ) );
			$rows[] = array(
				'dimensions' => array( Dimension::VIDEO_TITLE => $title ),
				'metrics'    => array(
					Metric::VIDEO_STARTS                 => $starts,
					Metric::AVERAGE_VIDEO_WATCH_TIME     => 0,
					Metric::AVERAGE_VIDEO_PERCENT_VIEWED => 0,
					Metric::VIDEO_COMPLETION_RATE        => round( $done / $starts * 100, 2 ),
				),
			);
		}
		$this->assertSame( $rows, $result->rows );
	}

	/**
	 * The event names are the site's to choose, e.g. enhanced measurement's form_start and
	 * form_submit.
	 */
	public function test_event_names_are_filterable(): void {
		add_filter(
			'monsterinsights_reports_ga4_events',
			static fn( array $names ): array => array(
				'form_impression' => 'form_start',
				'form_conversion' => 'form_submit',
			) + $names
		);
		( new GoogleSource() )->run( new Query( array( Metric::FORM_IMPRESSIONS, Metric::FORM_CONVERSIONS ), array( Dimension::DATE ), self::range() ) );
		$this->assertSame( self::events( array( 'form_start', 'form_submit' ) ), self::last_body()['dimensionFilter'] );
	}

	/**
	 * Publishers on google: age, gender and interests from Google signals (unknown left out), the
	 * outbound clicks from GA4's click events, exit pages and scroll depth not available (GA4 has
	 * neither) and not asked.
	 */
	public function test_publishers_demographics_links_and_what_ga4_lacks(): void {
		$this->as_admin_with( 'plus' );
		$data = $this->report( 'publisher', self::RANGE );

		$this->assertSame(
			array(
				'exitpages'    => false,
				'scroll'       => false,
				'demographics' => true,
			),
			$data['available']
		);
		$this->assertSame( array(), $data['exitpages']['rows'] );
		$this->assertSame( 0, $data['scroll']['average'] );
		// Each table's GA4 report in the property's web UI; none for the exit pages.
		$this->assertSame(
			array(
				'landingpages'   => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=landing-page',
				'outboundlinks'  => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=top-events',
				'affiliatelinks' => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=top-events',
				'downloadlinks'  => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=top-events',
			),
			$data['galinks']
		);

		$ages  = array( '18-24', '25-34', '35-44', '45-54', '55-64', '65+' );
		$users = array_map( static fn( string $age ): int => self::additive( 'totalUsers', $age ), $ages );
		$sum   = array_sum( $users );
		$this->assertSame(
			array(
				'labels'   => $ages,
				'data'     => $users,
				'percents' => array_map( static fn( int $n ) => round( $n / $sum * 100, 2 ), $users ),
				'compare'  => null,
			),
			$data['age']
		);

		$genders = array(
			'female' => self::additive( 'totalUsers', 'female' ),
			'male'   => self::additive( 'totalUsers', 'male' ),
		);
		arsort( $genders );
		$this->assertSame( array_keys( $genders ), $data['gender']['labels'] );
		$this->assertSame( array_values( $genders ), $data['gender']['data'] );

		$interests = array();
		foreach ( array( 'Technology/Technophiles', 'Shoppers/Value Shoppers', 'News & Politics/Avid News Readers', 'Media & Entertainment/Movie Lovers', 'Travel/Travel Buffs' ) as $interest ) {
			$interests[ $interest ] = self::additive( 'totalUsers', $interest );
		}
		arsort( $interests );
		$this->assertSame( array_keys( $interests ), $data['interest']['labels'] );
		$this->assertSame( array_values( $interests ), $data['interest']['data'] );
		$total = array_sum( $interests );
		$this->assertSame( array_values( array_map( static fn( int $n ) => round( $n / $total * 100, 2 ), $interests ) ), $data['interest']['percents'] );

		// Outbound: GA4's click events with outbound true, by link URL.
		$outbound = array(
			'andGroup' => array(
				'expressions' => array(
					array(
						'filter' => array(
							'fieldName'    => 'eventName',
							'stringFilter' => array(
								'matchType' => 'EXACT',
								'value'     => 'click',
							),
						),
					),
					array(
						'filter' => array(
							'fieldName'    => 'outbound',
							'stringFilter' => array(
								'matchType' => 'EXACT',
								'value'     => 'true',
							),
						),
					),
				),
			),
		);
		$clicks   = array();
		// The fake's fixture: example.com/pricing/ is the site's own link (outbound false): no row.
		foreach ( array( 'https://wordpress.org/plugins/', 'https://github.com/example/' ) as $url ) {
			$clicks[ $url ] = self::additive( 'eventCount', $url, self::key( $outbound ) );
		}
		arsort( $clicks );
		$this->assertSame(
			array_map(
				static fn( string $url, int $n ): array => array(
					'title'  => $url,
					'clicks' => $n,
				),
				array_keys( $clicks ),
				array_values( $clicks )
			),
			$data['outboundlinks']['rows']
		);

		// Downloads: file_download events.
		$bodies = self::sent_reports();
		$this->assertContains(
			array(
				'filter' => array(
					'fieldName'    => 'eventName',
					'stringFilter' => array(
						'matchType' => 'EXACT',
						'value'     => 'file_download',
					),
				),
			),
			array_column( $bodies, 'dimensionFilter' )
		);
		// Nothing asked for exits (by page, every row) or the scroll depth (no dimension); the
		// landing pages' titles are one limited request by page.
		$by_page = array_filter( $bodies, static fn( array $b ): bool => array( array( 'name' => 'pagePath' ), array( 'name' => 'pageTitle' ) ) === ( $b['dimensions'] ?? null ) );
		$this->assertSame( array( 1000 ), array_values( array_column( $by_page, 'limit' ) ) );
		$this->assertCount( count( $by_page ), array_column( $by_page, 'limit' ) );
		$this->assertSame( array(), array_filter( $bodies, static fn( array $b ): bool => ! isset( $b['dimensions'] ) ) );
	}

	/**
	 * Dimensions: each custom dimension the property registered (the metadata endpoint, read once)
	 * is a table of page views; one it has not is MISSING_CUSTOM_DIMENSION, and not asked.
	 */
	public function test_custom_dimensions_and_the_missing_ones(): void {
		$this->as_admin_with( 'plus' );
		Modules::set( 'dimensions', true );
		$data = $this->report( 'dimensions', self::RANGE );

		$views = static fn( string $value ): int => self::additive( 'screenPageViews', $value );
		$rows  = static function ( array $labels ): array {
			arsort( $labels );
			return array_map(
				static fn( string $label, int $n ): array => array(
					'label'    => $label,
					'pageview' => $n,
				),
				array_map( 'strval', array_keys( $labels ) ),
				array_values( $labels )
			);
		};
		$this->assertSame(
			$rows(
				array(
					'Jane Doe'   => $views( 'Jane Doe' ),
					'John Smith' => $views( 'John Smith' ),
				)
			),
			$data['author']['rows']
		);
		$this->assertSame(
			$rows(
				array(
					'Post' => $views( 'post' ),
					'Page' => $views( 'page' ),
				)
			),
			$data['post_type']['rows']
		);
		$this->assertSame(
			$rows(
				array(
					'Logged in'  => $views( 'true' ),
					'Logged out' => $views( 'false' ),
				)
			),
			$data['logged_in']['rows']
		);
		foreach ( array( 'author', 'post_type', 'category', 'logged_in' ) as $key ) {
			$this->assertNull( $data[ $key ]['error'], $key );
		}
		foreach ( array( 'tags', 'published_at', 'user_role' ) as $key ) {
			$this->assertSame(
				array(
					'code' => 'MISSING_CUSTOM_DIMENSION',
					'data' => $data['dimensions'][ $key ]['name'],
				),
				$data[ $key ]['error'],
				$key
			);
			$this->assertSame( array(), $data[ $key ]['rows'] );
		}
		$paths = array_column( self::fake_google_requests(), 'path' );
		$this->assertSame( 1, count( array_keys( $paths, '/v1beta/properties/' . self::PROPERTY . '/metadata', true ) ) );
		$bodies = implode( "\n", array_column( self::fake_google_requests(), 'body' ) );
		$this->assertStringNotContainsString( 'customEvent:tags', $bodies );
		$this->assertStringContainsString( 'customEvent:author', $bodies );
	}

	/**
	 * The Media report on google leaves out the watch time and percent watched GA4 does not keep,
	 * rather than show them as 0; its plays and completion rates are the events'.
	 */
	public function test_media_leaves_out_what_ga4_does_not_measure(): void {
		$this->as_admin_with( 'plus' );
		Modules::set( 'media', true );
		$data  = $this->report( 'media', self::RANGE );
		$table = $data['video_details_rows'];
		$this->assertSame( array( 'title', 'video_start', 'completion_rate' ), array_column( $table['columns'], 'id' ) );
		$filter = self::events( array( 'video_start', 'video_complete' ) );
		$rows   = array();
		foreach ( array( 'Product tour', 'Getting started in 5 minutes' ) as $title ) {
			$starts = self::additive( 'eventCount', $title . '|video_start', self::key( $filter ) );
			$rows[] = array(
				'title'           => $title,
				'video_start'     => $starts,
				'completion_rate' => round( self::additive( 'eventCount', $title . '|video_complete', self::key( $filter ) ) / $starts * 100, 2 ),
			);
		}
		usort( $rows, static fn( array $a, array $b ): int => $b['video_start'] <=> $a['video_start'] );
		$this->assertEquals( $rows, $table['rows'] );
	}

	/**
	 * A property without the form_id custom dimension: the Forms report names it missing, its
	 * tables are empty and GA4 is not asked for it; the graph by day still counts the events.
	 */
	public function test_forms_without_the_form_id_dimension(): void {
		$this->as_admin_with( 'plus' );
		Modules::set( 'forms', true );
		// The property's metadata as one that never registered customEvent:form_id.
		Cache::remember( self::PROPERTY . '|metadata', Cache::LONG, static fn(): array => array( 'dimensions' => array() ) );
		$response = $this->rest(
			'GET',
			'/monsterinsights-reports/v1/reports/forms',
			array(
				'start' => '2026-11-01',
				'end'   => '2026-11-03',
			)
		);
		$data     = $response->get_data();
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $data ) );
		$this->assertSame( array( 'form_id' ), $data['missing_dimensions'] );
		$this->assertSame( array(), $data['forms']['rows'] );
		$this->assertSame( array( 'forms' => 'https://analytics.google.com/analytics/web/#/p300000001/reports/explorer?r=top-events' ), $data['galinks'] );
		$this->assertStringNotContainsString( 'customEvent:form_id', implode( "\n", array_column( self::fake_google_requests(), 'body' ) ) );
		// The graph by day: form_impression events a day.
		$filter = self::key( self::events( array( 'form_impression', 'form_conversion' ) ) );
		$this->assertSame(
			array_map( static fn( string $day ): int => crc32( self::PROPERTY . '|eventCount|' . $day . '|form_impression|' . $filter ) % 1000, self::DAYS ),
			$data['overviewgraph']['impressions']['datapoints']
		);
	}
}
