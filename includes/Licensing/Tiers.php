<?php
/**
 * The tier table: which licence level each feature and report needs
 * (docs/product-rules.md#licence-levels).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Licensing;

use MonsterInsights\Reports\Reports\Registry;

defined( 'ABSPATH' ) || exit;

/**
 * THE tier table. The app reads the same table from src/lib/tiers.json, which bin/export-tiers.php
 * writes from export(); a PHPUnit test fails when the committed JSON differs. Pure data: no
 * WordPress call, so the export script loads it without WordPress.
 */
final class Tiers {

	/**
	 * Every gated feature with the lowest level that unlocks it, named after the rows of
	 * docs/product-rules.md#licence-levels.
	 */
	public const FEATURES = array(
		// Lite: Overview (fixed last 30 days, no PDF, no pro metrics, no most-popular-page), Site
		// Summary, site notes.
		'overview'          => 'lite',
		'site_summary'      => 'lite',
		'site_notes'        => 'lite',

		// Basic: custom date ranges, compare, PDF export, most popular page.
		'custom_date_range' => 'basic',
		'compare'           => 'basic',
		'pdf_export'        => 'basic',
		'most_popular_page' => 'basic',

		// Plus: publishers, pages, countries, search console, real-time, dimensions, forms, media,
		// site speed, traffic reports except traffic overview, year in review.
		'publisher'         => 'plus',
		'engagement_pages'  => 'plus',
		'countries'         => 'plus',
		'queries'           => 'plus',
		'realtime'          => 'plus',
		'dimensions'        => 'plus',
		'forms'             => 'plus',
		'media'             => 'plus',
		'sitespeed'         => 'plus',
		'traffic'           => 'plus',
		'yearinreview'      => 'plus',

		// Traffic overview: plus (basic sees the upsell).
		'traffic_overview'  => 'plus',

		// Pro: eCommerce (all four), user journey, AI insights, Conversations AI, pro metrics.
		'ecommerce'         => 'pro',
		'userjourney'       => 'pro',
		'ai_insights'       => 'pro',
		'ai_chat'           => 'pro',
		'pro_metrics'       => 'pro',

		// Agency: exceptions (everyone below sees the blurred sample).
		'exceptions'        => 'agency',
	);

	/**
	 * Report name → the feature that gates it: the names and aliases of Reports\Registry (the
	 * names of GET monsterinsights-reports/v1/reports/{name} and of the app's demo payloads).
	 *
	 * @return array<string, string>
	 */
	public static function reports(): array {
		return Registry::features();
	}

	/**
	 * The feature behind a report or feature name (report names first); null for a name neither
	 * table knows.
	 *
	 * @param string $name A report or feature name.
	 */
	public static function feature_of( string $name ): ?string {
		$reports = self::reports();
		if ( isset( $reports[ $name ] ) ) {
			return $reports[ $name ];
		}
		return isset( self::FEATURES[ $name ] ) ? $name : null;
	}

	/**
	 * Whether a name is a report of the tier table.
	 *
	 * @param string $name A report name.
	 */
	public static function is_report( string $name ): bool {
		return isset( self::reports()[ $name ] );
	}

	/**
	 * The lowest level that unlocks a report or feature; agency for a name the table does not know,
	 * so nothing unknown is ever unlocked by mistake.
	 *
	 * @param string $name A report or feature name.
	 */
	public static function level_needed( string $name ): string {
		$feature = self::feature_of( $name );
		return null === $feature ? 'agency' : self::FEATURES[ $feature ];
	}

	/**
	 * Whether a licence level may use a report or feature.
	 *
	 * @param string $level The licence's level.
	 * @param string $name  A report or feature name.
	 */
	public static function allows( string $level, string $name ): bool {
		return Levels::at_least( $level, self::level_needed( $name ) );
	}

	/**
	 * The table as the app reads it (src/lib/tiers.json).
	 *
	 * @return array{levels: string[], tiers: array<string, string>, reports: array<string, string>, built: string[]}
	 */
	public static function export(): array {
		return array(
			'levels'  => Levels::ALL,
			'tiers'   => self::FEATURES,
			'reports' => self::reports(),
			'built'   => Registry::built(),
		);
	}

	/**
	 * The export as the committed JSON file's text: tab-indented, one trailing newline.
	 */
	public static function export_json(): string {
		$json = (string) json_encode( self::export(), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- Loaded without WordPress by bin/export-tiers.php.
		// PHP indents with four spaces; the repository indents with tabs.
		$json = (string) preg_replace_callback(
			'/^( {4})+/m',
			static fn( array $m ) => str_repeat( "\t", intdiv( strlen( $m[0] ), 4 ) ),
			$json
		);
		return $json . "\n";
	}
}
