<?php
/**
 * Which source answers the reports.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources;

use MonsterInsights\Reports\Admin\BootData;

defined( 'ABSPATH' ) || exit;

/**
 * The sources by key and the active one (the `monsterinsights_reports_source` option, set by the
 * setup wizard).
 */
final class Sources {

	/**
	 * Every source, by key (filterable, so the google source can join). Built on each call:
	 * sources are light objects, and filters added later still apply.
	 *
	 * @return array<string, Source>
	 */
	public function all(): array {
		/**
		 * Filters the data sources.
		 *
		 * @param Source[] $sources The sources.
		 */
		$sources = (array) apply_filters( 'monsterinsights_reports_sources', array( new Builtin\Answers\BuiltinSource(), new Google\GoogleSource() ) );
		$out     = array();
		foreach ( $sources as $source ) {
			if ( $source instanceof Source ) {
				$out[ $source->key() ] = $source;
			}
		}
		return $out;
	}

	/**
	 * The active source, or null when none is chosen yet.
	 */
	public function active(): ?Source {
		$key = (string) get_option( BootData::SOURCE_OPTION, '' );
		return '' === $key ? null : ( $this->all()[ $key ] ?? null );
	}
}
