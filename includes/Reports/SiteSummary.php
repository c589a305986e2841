<?php
/**
 * The Site Summary report (docs/product-rules.md#site-summary).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Licensing\Licence;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Candidates;
use MonsterInsights\Reports\Reports\Blocks\PopularProducts;
use MonsterInsights\Reports\Reports\Blocks\PopularCategories;
use MonsterInsights\Reports\Reports\Blocks\PopularContent;
use MonsterInsights\Reports\Reports\Blocks\PopularTimes;
use MonsterInsights\Reports\Reports\Blocks\SiteTotals;
use MonsterInsights\Reports\Reports\Blocks\When;
use MonsterInsights\Reports\Settings\Modules;

defined( 'ABSPATH' ) || exit;

/**
 * All-time views and sessions, content counts, popular days and hours, popular page and post, and
 * the popular categories (the dimensions module) and products (a shop), as blocks. The popular page, post and categories
 * read one set of candidates (the most viewed paths with their posts), asked and resolved once per
 * build through the report's asked(). The most popular page needs a basic licence: below, it is
 * empty (the app shows a blurred sample under an upsell), so no real data is sent.
 */
final class SiteSummary extends ComposedReport {

	use RegistryName;


	/**
	 * The blocks by payload key.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		$candidates = new Candidates( $this->asked() );
		return array(
			'summary'            => new SiteTotals(),
			'popular_days'       => new PopularTimes( Dimension::DAY_OF_WEEK, 'day', 6 ),
			'popular_hours'      => new PopularTimes( Dimension::HOUR, 'hour', 23 ),
			'popular_page'       => new When( static fn(): bool => Licence::allows( 'most_popular_page' ), new PopularContent( $candidates, 'page' ) ),
			'popular_post'       => new PopularContent( $candidates, 'post' ),
			'popular_products'   => new PopularProducts(),
			'popular_categories' => new When( static fn(): bool => Modules::is_active( 'dimensions' ), new PopularCategories( $candidates ) ),
		);
	}
}
