<?php
/**
 * The Site Speed report (docs/product-rules.md#site-speed).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Reports\Blocks\Block;
use MonsterInsights\Reports\Reports\Blocks\Speed;

defined( 'ABSPATH' ) || exit;

/**
 * The overall score and six metrics of each device (`desktop`, `mobile`: the screen's toggle
 * switches between the two without a fetch). On the builtin source they are field data: the p75
 * of the Core Web Vitals real visits reported over the range; Total Blocking Time only comes from
 * PageSpeed (the google source). Never cached: a Run Audit shows on the next load.
 */
final class SiteSpeed extends ComposedReport {

	use RegistryName;

	/**
	 * Never cached: the last audit is part of the payload.
	 */
	public function cache_ttl(): int {
		return 0;
	}

	/**
	 * The blocks.
	 *
	 * @return array<string, Block>
	 */
	protected function blocks(): array {
		return array(
			'desktop' => new Speed( 'desktop' ),
			'mobile'  => new Speed( 'mobile' ),
		);
	}
}
