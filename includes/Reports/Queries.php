<?php
/**
 * The Search Console report (docs/reports.md#the-search-console-report).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Computed;
use MonsterInsights\Reports\Reports\Blocks\Links;
use MonsterInsights\Reports\Sources\ReadsSearchConsole;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The top 50 Google search terms of the range (`queries`: term, clicks, impressions, ctr in
 * percent, position, the most clicks first) and where the source shows them in full (`galinks`:
 * `queries`). Never compared.
 *
 * Only a source that reads Search Console can answer it (Sources\ReadsSearchConsole): on another
 * (the builtin source, which cannot know what people searched for on Google) the route answers
 * 400 `no_search_console` saying which source provides it, and while that source has no Search
 * Console site chosen 400 `no_search_console_site`; the app shows either text in an info notice,
 * never a sample.
 */
final class Queries extends ComposedReport implements Unavailable {

	use RegistryName;

	/**
	 * Search terms at most.
	 */
	public const LIMIT = 50;

	/**
	 * Without a source that reads Search Console, or without its site: which is missing.
	 *
	 * @param Source $source The active source.
	 */
	public function unavailable( Source $source ): ?\WP_Error {
		if ( ! $source instanceof ReadsSearchConsole ) {
			return new \WP_Error(
				'no_search_console',
				__( 'The terms people searched for on Google come from Google Search Console, which the built-in data source cannot see. Connect Google as the data source in the settings and choose your Search Console site to see them here.', 'monsterinsights-reports' ),
				array( 'status' => 400 )
			);
		}
		if ( '' === $source->search_console_site() ) {
			return new \WP_Error(
				'no_search_console_site',
				__( 'No Search Console site is chosen yet. Choose your site in the Google connection settings to see the terms people searched for on Google.', 'monsterinsights-reports' ),
				array( 'status' => 400 )
			);
		}
		return null;
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'queries' => new Computed(
				static function ( Source $source, ReportRequest $request ): array {
					if ( ! $source instanceof ReadsSearchConsole ) {
						return array();
					}
					return array_map(
						static fn( array $row ): array => array(
							'term'        => $row['query'],
							'clicks'      => $row['clicks'],
							'impressions' => $row['impressions'],
							'ctr'         => $row['ctr'],
							'position'    => $row['position'],
						),
						$source->search_queries( $request->range, self::LIMIT )
					);
				},
				Schema::list_of(
					Schema::object(
						array(
							'term'        => Schema::text(),
							'clicks'      => Schema::number(),
							'impressions' => Schema::number(),
							'ctr'         => Schema::number(),
							'position'    => Schema::number(),
						)
					)
				)
			),
			'galinks' => new Links( $this->name(), array( 'queries' ) ),
		);
	}
}
