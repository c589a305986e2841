<?php
/**
 * The groups of the form and media metrics, read from InteractionRollups' rollups.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\Tables;

defined( 'ABSPATH' ) || exit;

/**
 * Form impressions and conversions, and media plays, as groups of dimension values with their
 * counters summed over the range (RollupGroups reads the session rollups).
 */
final class InteractionGroups {

	/**
	 * Form impressions and conversions by form, session source, medium and campaign (and by date
	 * when asked, from the daily rows alone; otherwise whole months come from the monthly twin).
	 *
	 * @param string[]  $dimensions The query's dimensions.
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a dimension the forms rollup does not have.
	 */
	public function forms( array $dimensions, DateRange $range ): array {
		$map = array(
			Dimension::FORM_ID          => 'form',
			Dimension::SESSION_SOURCE   => 'source',
			Dimension::SESSION_MEDIUM   => 'medium',
			Dimension::SESSION_CAMPAIGN => 'campaign',
		);
		return $this->interaction_groups(
			'rollup_forms',
			$dimensions,
			$map,
			'r.form AS form, CASE WHEN s.name IS NULL THEN %s ELSE s.name END AS source, r.medium AS medium, CASE WHEN c.name IS NULL THEN %s ELSE c.name END AS campaign',
			'LEFT JOIN {sources} s ON s.id = r.source_id LEFT JOIN {campaigns} c ON c.id = r.campaign_id',
			'r.form, r.source_id, r.medium, r.campaign_id',
			array( Acquisition::DIRECT_SOURCE, '' ),
			$range
		);
	}

	/**
	 * Media plays, watch time, furthest points and completions by title (and by date when asked).
	 *
	 * @param string[]  $dimensions The query's dimensions.
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a dimension the media rollup does not have.
	 */
	public function media( array $dimensions, DateRange $range ): array {
		return $this->interaction_groups( 'rollup_media', $dimensions, array( Dimension::VIDEO_TITLE => 'title' ), 'r.title AS title', '', 'r.title', array(), $range );
	}

	/**
	 * Groups of a rollup of InteractionRollups at its whole grain (plus the day when the date is
	 * asked): its key expressions, joins and counters summed over the range.
	 *
	 * @param string                $table      rollup_forms or rollup_media.
	 * @param string[]              $dimensions The query's dimensions.
	 * @param array<string, string> $map        Dimension → column alias of $select.
	 * @param string                $select     The key expressions, with aliases.
	 * @param string                $join       The joins.
	 * @param string                $group      The GROUP BY of the keys.
	 * @param array<int, string>    $args       The arguments of $select's placeholders.
	 * @param DateRange             $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a dimension the rollup does not have.
	 */
	private function interaction_groups( string $table, array $dimensions, array $map, string $select, string $join, string $group, array $args, DateRange $range ): array {
		$by_date = in_array( Dimension::DATE, $dimensions, true );
		$unknown = array_diff( $dimensions, array_keys( $map ), array( Dimension::DATE ) );
		if ( array() !== $unknown ) {
			throw new \InvalidArgumentException( esc_html( 'The builtin source cannot group ' . $table . ' by: ' . implode( ', ', $unknown ) ) );
		}
		if ( $by_date ) {
			$from                   = '{' . $table . '} r';
			$from_args              = array( $range->start_ymd(), $range->end_ymd() );
			$where                  = ' WHERE r.day BETWEEN %s AND %s';
			$select                .= ', r.day AS date';
			$group                 .= ', r.day';
			$map[ Dimension::DATE ] = 'date';
		} else {
			list( $from, $from_args ) = Rollups::from( $table, $range->start_ymd(), $range->end_ymd() );
			$from                    .= ' r';
			$where                    = '';
		}
		$counters = implode( ', ', array_map( static fn( string $c ): string => 'SUM(r.' . $c . ') AS ' . $c, Tables::MONTHLY[ $table ]['counters'] ) );
		$rows     = Db::rows(
			'SELECT ' . $select . ', ' . $counters . ' FROM ' . $from . ' ' . $join . $where . ' GROUP BY ' . $group,
			array_merge( $args, $from_args )
		);
		return GroupRows::of( $rows, $map );
	}
}
