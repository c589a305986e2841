<?php
/**
 * A top list: the rows with the most sessions, with compare columns.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports\Blocks;

use MonsterInsights\Reports\Query\Filter;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Reports\Metrics;
use MonsterInsights\Reports\Reports\Schema;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The Overview's `countries`, `referrals` and `toppages`: the LIMIT rows of the range with the most
 * sessions, grouped by some dimensions (the first identifies a row). Each row is the list's own
 * cells (made from the row's dimension values, page_path among them: '' for a row that is not a
 * page) followed by sessions, compare_sessions and compare_change (null without a compare range;
 * 0 sessions for a row absent there), users and engagement_rate.
 */
final class TopList implements Block {

	/**
	 * Makes a top list.
	 *
	 * @param string[]             $dimensions Dimensions; the first identifies a row.
	 * @param int                  $limit      Rows.
	 * @param array<string, mixed> $cells      The schema of the list's own cells but page_path.
	 * @param \Closure             $row        Dimension values → the list's own cells.
	 * @param Filter[]             $filters    Filters.
	 * @phpstan-param \Closure( array<string, string> ): array<string, mixed> $row
	 */
	public function __construct( private array $dimensions, private int $limit, private array $cells, private \Closure $row, private array $filters = array() ) {}

	/**
	 * The list's part.
	 *
	 * @param Source        $source  The source.
	 * @param ReportRequest $request The request.
	 * @return list<array<string, mixed>>
	 */
	public function payload( Source $source, ReportRequest $request ): array {
		$query  = Query::ranked( array( Metric::SESSIONS, Metric::TOTAL_USERS, Metric::ENGAGEMENT_RATE ), $this->dimensions, $request->range, Metric::SESSIONS, $this->limit, $request->compare, $this->filters );
		$result = $source->run( $query );
		$key    = $this->dimensions[0];
		$other  = null !== $result->compare ? $result->compare->by( $key ) : null;
		$rows   = array();
		foreach ( $result->rows as $row ) {
			$sessions         = $row['metrics'][ Metric::SESSIONS ] ?? 0;
			$compare_sessions = null;
			$compare_change   = null;
			if ( null !== $other ) {
				$compare_sessions = $other[ $row['dimensions'][ $key ] ?? '' ][ Metric::SESSIONS ] ?? 0;
				$compare_change   = Metrics::change( $sessions, $compare_sessions );
			}
			$rows[] = ( $this->row )( $row['dimensions'] ) + array(
				'sessions'         => $sessions,
				'compare_sessions' => $compare_sessions,
				'compare_change'   => $compare_change,
				'users'            => $row['metrics'][ Metric::TOTAL_USERS ] ?? 0,
				'engagement_rate'  => $row['metrics'][ Metric::ENGAGEMENT_RATE ] ?? 0,
			);
		}
		return $rows;
	}

	/**
	 * A landing page's title: its post's, "Home Page" for the front page, else its path.
	 *
	 * @param string $title The title the source knows.
	 * @param string $path  The path.
	 */
	public static function page_title( string $title, string $path ): string {
		if ( '' !== $title ) {
			return $title;
		}
		return '/' === $path ? __( 'Home Page', 'monsterinsights-reports' ) : $path;
	}

	/**
	 * The list's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::list_of(
			Schema::object(
				$this->cells + array(
					'sessions'         => Schema::number(),
					'compare_sessions' => Schema::number_or_null(),
					'compare_change'   => Schema::number_or_null(),
					'users'            => Schema::number(),
					'engagement_rate'  => Schema::number(),
					'page_path'        => Schema::text(),
				)
			)
		);
	}
}
