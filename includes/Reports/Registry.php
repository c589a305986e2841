<?php
/**
 * Every report name, declared once.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

defined( 'ABSPATH' ) || exit;

/**
 * THE list of reports: name → the tier-table feature that gates it, the class that builds it (null
 * while the report has no data of its own yet: the app shows its sample under its upsell), and
 * aliases the licence gate also knows (only `sitespeedmobile`, the product's name for Site Speed's
 * mobile figures). A report has one name, used everywhere: its REST route, its tier feature when
 * the feature gates it alone, the app's registry, its sample and its upsell key; its hash route is
 * the name with dashes (src/reports/registry.ts) unless the product's route table names another. The tier table
 * (Licensing\Tiers), the REST routes, the exported JS table (src/lib/tiers.json, `built` lists the
 * names with a class) and the app's registry (src/reports/registry.ts, checked against that list by
 * a jest test) all come from here. Pure data, so bin/export-tiers.php loads it without WordPress.
 */
final class Registry {

	public const REPORTS = array(
		'overview'              => array(
			'feature' => 'overview',
			'class'   => Overview::class,
		),
		'site_summary'          => array(
			'feature' => 'site_summary',
			'class'   => SiteSummary::class,
		),
		'publisher'             => array(
			'feature' => 'publisher',
			'class'   => Publisher::class,
		),
		'engagement_pages'      => array(
			'feature' => 'engagement_pages',
			'class'   => EngagementPages::class,
		),
		'countries'             => array(
			'feature' => 'countries',
			'class'   => CountriesReport::class,
		),
		'ecommerce'             => array(
			'feature' => 'ecommerce',
			'class'   => Ecommerce::class,
		),
		'ecommerce_coupons'     => array(
			'feature' => 'ecommerce',
			'class'   => EcommerceCoupons::class,
		),
		'ecommerce_funnel'      => array(
			'feature' => 'ecommerce',
			'class'   => EcommerceFunnel::class,
		),
		'cart_abandonment'      => array(
			'feature' => 'ecommerce',
			'class'   => CartAbandonment::class,
		),
		'queries'               => array(
			'feature' => 'queries',
			'class'   => Queries::class,
		),
		'dimensions'            => array(
			'feature' => 'dimensions',
			'class'   => Dimensions::class,
		),
		'forms'                 => array(
			'feature' => 'forms',
			'class'   => Forms::class,
		),
		'realtime'              => array(
			'feature' => 'realtime',
			'class'   => Realtime::class,
		),
		'sitespeed'             => array(
			'feature' => 'sitespeed',
			'class'   => SiteSpeed::class,
			'aliases' => array( 'sitespeedmobile' ),
		),
		'media'                 => array(
			'feature' => 'media',
			'class'   => Media::class,
		),
		'userjourney'           => array(
			'feature' => 'userjourney',
			'class'   => UserJourney::class,
		),
		'ai_insights'           => array(
			'feature' => 'ai_insights',
			'class'   => AiInsights::class,
		),
		'ai_chat'               => array(
			'feature' => 'ai_chat',
			'class'   => null,
		),
		'traffic_overview'      => array(
			'feature' => 'traffic_overview',
			'class'   => TrafficOverview::class,
		),
		'traffic_landing_pages' => array(
			'feature' => 'traffic',
			'class'   => TrafficLandingPages::class,
		),
		'traffic_technology'    => array(
			'feature' => 'traffic',
			'class'   => TrafficTechnology::class,
		),
		'traffic_campaign'      => array(
			'feature' => 'traffic',
			'class'   => TrafficCampaign::class,
		),
		'traffic_source_medium' => array(
			'feature' => 'traffic',
			'class'   => TrafficSourceMedium::class,
		),
		'traffic_social'        => array(
			'feature' => 'traffic',
			'class'   => TrafficSocial::class,
		),
		'exceptions'            => array(
			'feature' => 'exceptions',
			'class'   => Exceptions::class,
		),
		'yearinreview'          => array(
			'feature' => 'yearinreview',
			'class'   => YearInReview::class,
		),
	);

	/**
	 * Report objects by name, made once.
	 *
	 * @var array<string, Report>|null
	 */
	private ?array $reports = null;

	/**
	 * Every report name and alias with the feature that gates it.
	 *
	 * @return array<string, string>
	 */
	public static function features(): array {
		$out = array();
		foreach ( self::REPORTS as $name => $report ) {
			$out[ $name ] = $report['feature'];
			foreach ( $report['aliases'] ?? array() as $alias ) {
				$out[ $alias ] = $report['feature'];
			}
		}
		return $out;
	}

	/**
	 * The names of the reports that have a class.
	 *
	 * @return string[]
	 */
	public static function built(): array {
		return array_keys( array_filter( self::REPORTS, static fn( array $report ): bool => null !== $report['class'] ) );
	}

	/**
	 * The name of the report a class serves (the first, for a class that serves several).
	 *
	 * @param string $class_name The class.
	 * @throws \LogicException When the Registry lists no report of the class.
	 */
	public static function name_of( string $class_name ): string {
		foreach ( self::REPORTS as $name => $report ) {
			if ( $class_name === $report['class'] ) {
				return $name;
			}
		}
		throw new \LogicException( esc_html( $class_name . ' is not a report of the Registry.' ) );
	}


	/**
	 * Forgets the report objects: the next all() asks the filter again (a module that adds its
	 * reports late, tests).
	 */
	public function reset(): void {
		$this->reports = null;
	}

	/**
	 * Every report with a class, by name; filterable so modules can add theirs.
	 *
	 * @return array<string, Report>
	 */
	public function all(): array {
		if ( null === $this->reports ) {
			$reports = array();
			foreach ( self::REPORTS as $report ) {
				if ( null !== $report['class'] ) {
					$reports[] = new $report['class']();
				}
			}
			/**
			 * Filters the report objects.
			 *
			 * @param Report[] $reports The reports.
			 */
			$reports       = (array) apply_filters( 'monsterinsights_reports_reports', $reports );
			$this->reports = array();
			foreach ( $reports as $report ) {
				if ( $report instanceof Report ) {
					$this->reports[ $report->name() ] = $report;
				}
			}
		}
		return $this->reports;
	}
}
