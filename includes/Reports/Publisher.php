<?php
/**
 * The Publishers report, engagement overview (docs/product-rules.md#traffic-publishers-and-pages).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Availability;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Column;
use MonsterInsights\Reports\Reports\Blocks\ColumnType;
use MonsterInsights\Reports\Reports\Blocks\Demographic;
use MonsterInsights\Reports\Reports\Blocks\Links;
use MonsterInsights\Reports\Reports\Blocks\Scroll;
use MonsterInsights\Reports\Reports\Blocks\Table;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * Five tables and the scroll depth:
 * - landingpages: the pages sessions started on, with their sessions (entrances), average session
 *   duration (seconds), bounce rate and, with a compare range, the change of entrances in percent;
 * - exitpages: the pages sessions ended on, with their exits, page views and exit rate (exits per
 *   page view, percent);
 * - outboundlinks, affiliatelinks, downloadlinks: clicks by link URL (the tracker's
 *   outbound_click, affiliate_click and file_download events); an affiliate link's title is its
 *   path, its link the whole URL, and its row's url that URL when it is http(s) (SafeUrl);
 * - scroll: the average of the deepest scroll percent each page view (a session on a page) reached;
 * - age, gender, interest: users by age bracket, gender and interest (Blocks\Demographic), which
 *   only the google source knows (Google signals);
 * - available: which of the optional parts the source can give — exitpages (GA4 has no exits),
 *   scroll (GA4 only counts scrolls past 90 %), demographics (not on the builtin source); the
 *   screen hides a part that is not available, and its query is not asked;
 * - galinks: where the source shows each table in full (left out when it has no such screens).
 */
final class Publisher extends ComposedReport {

	use RegistryName;

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'landingpages'   => self::landing_pages(),
			'exitpages'      => self::exit_pages(),
			'outboundlinks'  => self::links( 'outbound', new Column( 'title', __( 'Outbound Link', 'monsterinsights-reports' ), ColumnType::Url ) ),
			'affiliatelinks' => self::links(
				'affiliate',
				new Column( 'title', __( 'Affiliate Link', 'monsterinsights-reports' ), ColumnType::Text ),
				new Column( 'link', __( 'Link', 'monsterinsights-reports' ), ColumnType::Url )
			),
			'downloadlinks'  => self::links( 'download', new Column( 'title', __( 'File', 'monsterinsights-reports' ), ColumnType::Url ) ),
			'scroll'         => new Scroll(),
			'age'            => new Demographic( Dimension::USER_AGE_BRACKET ),
			'gender'         => new Demographic( Dimension::USER_GENDER ),
			'interest'       => new Demographic( Dimension::BRANDING_INTEREST ),
			'available'      => self::availability(),
			'galinks'        => new Links( $this->name(), array( 'landingpages', 'exitpages', 'outboundlinks', 'affiliatelinks', 'downloadlinks' ) ),
		);
	}

	/**
	 * The optional parts and what each needs.
	 */
	private static function availability(): Availability {
		return new Availability(
			array(
				'exitpages'    => array( 'metric', Metric::EXITS ),
				'scroll'       => array( 'metric', Metric::AVERAGE_SCROLL_DEPTH ),
				'demographics' => array( 'dimension', Dimension::USER_AGE_BRACKET ),
			)
		);
	}

	/**
	 * A page's title, or its path when it is not a post (or has no title).
	 *
	 * @param array<string, string> $dimensions The row's dimensions.
	 * @param string                $path       The path dimension.
	 */
	private static function title( array $dimensions, string $path ): string {
		$title = trim( $dimensions[ Dimension::PAGE_TITLE ] ?? '' );
		return '' !== $title ? $title : ( $dimensions[ $path ] ?? '/' );
	}

	/**
	 * The landing pages table.
	 */
	private static function landing_pages(): Table {
		return Table::of_rows(
			array(
				new Column( 'title', __( 'Page Title', 'monsterinsights-reports' ), ColumnType::Text ),
				new Column( 'entrances', __( 'Entrances', 'monsterinsights-reports' ) ),
				new Column( 'duration', __( 'Average Duration', 'monsterinsights-reports' ), ColumnType::Duration ),
				new Column( 'bounce', __( 'Bounce Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
				new Column( 'change', __( 'Change', 'monsterinsights-reports' ), ColumnType::Change ),
			),
			array( Dimension::LANDING_PAGE, Dimension::PAGE_TITLE ),
			array( Metric::SESSIONS, Metric::AVERAGE_SESSION_DURATION, Metric::BOUNCE_RATE ),
			static function ( array $row ): array {
				$entrances = $row['metrics'][ Metric::SESSIONS ] ?? 0;
				return array(
					'title'     => self::title( $row['dimensions'], Dimension::LANDING_PAGE ),
					'entrances' => $entrances,
					'duration'  => $row['metrics'][ Metric::AVERAGE_SESSION_DURATION ] ?? 0,
					'bounce'    => $row['metrics'][ Metric::BOUNCE_RATE ] ?? 0,
					'change'    => null === $row['compare'] ? null : Metrics::change( $entrances, $row['compare'][ Metric::SESSIONS ] ?? 0 ),
					'url'       => home_url( $row['dimensions'][ Dimension::LANDING_PAGE ] ?? '/' ),
				);
			},
			'entrances'
		)->with_row_keys( array( 'url' => Schema::text() ) );
	}

	/**
	 * The exit pages table: pages with at least one exit.
	 */
	private static function exit_pages(): Table {
		return ( new Table(
			array(
				new Column( 'title', __( 'Page Title', 'monsterinsights-reports' ), ColumnType::Text ),
				new Column( 'exits', __( 'Exits', 'monsterinsights-reports' ) ),
				new Column( 'pageviews', __( 'Page Views', 'monsterinsights-reports' ) ),
				new Column( 'exitrate', __( 'Exit Rate', 'monsterinsights-reports' ), ColumnType::Percent ),
			),
			static function ( Source $source, ReportRequest $request ): array {
				if ( ! self::availability()->has( $source, 'exitpages' ) ) {
					return array();
				}
				$query = new Query( array( Metric::EXITS, Metric::SCREEN_PAGE_VIEWS ), array( Dimension::PAGE_PATH, Dimension::PAGE_TITLE ), $request->range );
				$rows  = array();
				foreach ( $source->run( $query )->rows as $row ) {
					$exits = $row['metrics'][ Metric::EXITS ] ?? 0;
					if ( $exits <= 0 ) {
						continue;
					}
					$views  = $row['metrics'][ Metric::SCREEN_PAGE_VIEWS ] ?? 0;
					$rows[] = array(
						'title'     => self::title( $row['dimensions'], Dimension::PAGE_PATH ),
						'exits'     => $exits,
						'pageviews' => $views,
						'exitrate'  => Metrics::percent( $exits, $views ),
						'url'       => home_url( $row['dimensions'][ Dimension::PAGE_PATH ] ?? '/' ),
					);
				}
				return $rows;
			},
			'exits'
		) )->with_row_keys( array( 'url' => Schema::text() ) );
	}

	/**
	 * A table of clicked links of one kind, by URL.
	 *
	 * @param string      $kind  outbound, affiliate or download.
	 * @param Column      $title The first column (the URL, or the affiliate link's path).
	 * @param Column|null $link  The whole URL's column, when the title is not the URL.
	 */
	private static function links( string $kind, Column $title, ?Column $link = null ): Table {
		$columns = array_merge( array( $title ), null !== $link ? array( $link ) : array(), array( new Column( 'clicks', __( 'Clicks', 'monsterinsights-reports' ) ) ) );
		$table   = new Table(
			$columns,
			static function ( Source $source, ReportRequest $request ) use ( $kind, $link ): array {
				$filter = new Filter( Dimension::LINK_KIND, Filter::EXACT, $kind );
				$query  = new Query( array( Metric::EVENT_COUNT ), array( Dimension::LINK_URL ), $request->range, null, array( $filter ) );
				$rows   = array();
				foreach ( $source->run( $query )->rows as $row ) {
					$url = $row['dimensions'][ Dimension::LINK_URL ] ?? '';
					$out = array( 'title' => $url );
					if ( null !== $link ) {
						$path         = (string) wp_parse_url( $url, PHP_URL_PATH );
						$out['title'] = '' !== $path ? $path : $url;
						$out['link']  = $url;
					}
					$out['clicks'] = $row['metrics'][ Metric::EVENT_COUNT ] ?? 0;
					$safe          = SafeUrl::of( $url );
					if ( null !== $link && '' !== $safe ) {
						// The title links to the URL; a URL column links by itself (the app shows a
						// URL that is not http(s) as text).
						$out['url'] = $safe;
					}
					$rows[] = $out;
				}
				return $rows;
			},
			'clicks'
		);
		// An affiliate link's title links to its URL when that is http(s).
		return null !== $link ? $table->with_row_keys( array( 'url' => Schema::text() ) ) : $table;
	}
}
