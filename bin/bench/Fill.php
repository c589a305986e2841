<?php
/**
 * The bench's fill: a year of a site's traffic, generated day by day as buffer lines and
 * aggregated.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Aggregator;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\BufferFiles;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Compaction;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

// phpcs:disable WordPress.WP.AlternativeFunctions, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL -- A CLI bench: local temporary files, its own database.

/**
 * Fills the empty tables with about $pageviews page views over the $days days before today.
 */
final class Fill {

	/**
	 * A fill.
	 *
	 * @param Report  $report    Where the figures go.
	 * @param Scratch $scratch   The run's temporary folder (the buffers).
	 * @param int     $pageviews Page views of the fill.
	 * @param int     $days      Days of the fill, ending yesterday.
	 */
	public function __construct( private Report $report, private Scratch $scratch, private int $pageviews, private int $days ) {
	}

	/**
	 * About $pageviews page views over the $days days before today: generated day by day as buffer
	 * lines (checked against the collector first), aggregated every 30 days by the Aggregator.
	 *
	 * @param array<int, array{path: string, object: int}> $pages Pages visits go to.
	 * @return int The page views generated inside the range (the overview of the range must report
	 *             exactly these).
	 * @throws \RuntimeException When the lines do not match the collector's.
	 */
	public function run( array $pages ): int {
		$today    = new \DateTimeImmutable( 'today', wp_timezone() );
		$download = home_url( '/wp-content/uploads/guide.pdf' );
		$first    = $today->modify( '-' . $this->days . ' days' );

		$check   = new Buffer( $this->scratch->dir( 'check' ) );
		$problem = ( new Lines( new Collector( ConfigFile::build(), $check ) ) )->check(
			new Collector( ConfigFile::build(), $check ),
			$check,
			array_slice( ( new Traffic( 3, $pages, $download ) )->day( $first, 200 ), 0, 500 )
		);
		if ( '' !== $problem ) {
			throw new \RuntimeException( 'generated lines differ from the collector\'s: ' . esc_html( $problem ) );
		}

		// Visits per day: weekdays busier than weekends, a slow upward trend, some noise.
		$weights = array();
		mt_srand( 11 );
		for ( $back = $this->days; $back >= 1; $back-- ) {
			$day       = $today->modify( '-' . $back . ' days' );
			$weights[] = ( 1 + 0.4 * ( $this->days - $back ) / $this->days ) * ( (int) $day->format( 'N' ) >= 6 ? 0.7 : 1.0 ) * mt_rand( 80, 120 ) / 100;
		}
		$visits_total = $this->pageviews / Traffic::PAGEVIEWS_PER_VISIT;
		$sum          = array_sum( $weights );

		$traffic    = new Traffic( 5, $pages, $download );
		$lines      = new Lines( new Collector( ConfigFile::build(), new Buffer( $this->scratch->dir( 'unused' ) ) ) );
		$buffer     = new Buffer( $this->scratch->dir( 'fill' ) );
		$aggregator = new Aggregator( new BufferFiles( $buffer ) );
		$generate   = 0.0;
		$aggregate  = 0.0;
		$cpu_used   = array( 0.0, 0.0 );
		$hits       = 0;
		$processed  = 0;
		$handle     = null;
		$clock      = new LocalTime();
		$last_day   = $today->modify( '-1 day' )->format( 'Y-m-d' );
		$in_range   = 0;
		$spilled    = 0;
		$future     = 0;
		// Run within an hour after midnight, the fill's last visits would go on past the bench's
		// own clock: Real-Time would then see hits from the future (and its summaries, rightly,
		// refuse to answer for a window that ends before their latest hit). Such hits are not sent.
		$now = time();
		foreach ( $weights as $index => $weight ) {
			$start  = hrtime( true );
			$day    = $first->modify( '+' . $index . ' days' );
			$handle = $handle ?? fopen( $buffer->path(), 'ab' );
			$text   = '';
			foreach ( $traffic->day( $day, (int) round( $visits_total * $weight / $sum ) ) as $request ) {
				if ( (int) $request['ts'] > $now ) {
					++$future;
					continue;
				}
				$text .= $lines->line( $request );
				++$hits;
				if ( 'pageview' === $request['body']['t'] ) {
					// A visit that starts late on the last day may go on past midnight, into today.
					if ( $clock->day( (int) $request['ts'] ) <= $last_day ) {
						++$in_range;
					} else {
						++$spilled;
					}
				}
			}
			fwrite( $handle, $text );
			$generate += ( hrtime( true ) - $start ) / 1e9;
			if ( 0 === ( $index + 1 ) % 30 || count( $weights ) === $index + 1 ) {
				fclose( $handle );
				$handle = null;
				$start  = hrtime( true );
				$cpu    = Machine::cpu();
				do {
					$result     = $aggregator->run();
					$processed += $result->processed;
				} while ( ! $result->complete );
				$aggregate += ( hrtime( true ) - $start ) / 1e9;
				$cpu_used   = Machine::cpu_since( $cpu, $cpu_used );
				Report::say( sprintf( 'fill: up to %s, %s hits, generated in %.0f s, aggregated in %.0f s', $day->format( 'Y-m-d' ), number_format( $processed ), $generate, $aggregate ) );
			}
		}
		// The daily maintenance: raw rows past the raw window are compacted (the aggregation runs
		// above compact a bounded amount each; this is what the daily cron event finishes).
		$start      = hrtime( true );
		$cpu        = Machine::cpu();
		$compacted  = Compaction::run( time() );
		$aggregate += ( hrtime( true ) - $start ) / 1e9;
		$cpu_used   = Machine::cpu_since( $cpu, $cpu_used );
		$pageviews  = (int) Db::value( 'SELECT SUM(pageviews) FROM {rollup_site} WHERE day BETWEEN %s AND %s', array( $first->format( 'Y-m-d' ), $last_day ) );
		$this->report->row( 'fill_generated', sprintf( 'fill: page views generated over the %d days', $this->days ), $in_range + $spilled, 'page views' );
		$this->report->row( 'fill_spilled', 'fill: of which after midnight of the last day (today, outside the range)', $spilled, 'page views' );
		$this->report->row( 'fill_future', 'fill: hits not sent, later than the bench\'s start (a run just after midnight)', $future, 'hits' );
		$this->report->row( 'fill_pageviews', sprintf( 'fill: page views in the rollups of the %d days', $this->days ), $pageviews, 'page views', array( 'eq', $in_range ) );
		$this->report->row( 'fill_compacted', sprintf( 'fill: raw rows older than %d days left to the daily compaction (each run compacts as it goes)', Compaction::days() ), array_sum( $compacted ), 'rows' );
		$this->report->row( 'fill_hits', 'fill: hits (page views and events) aggregated', $processed, 'hits' );
		$this->report->row( 'fill_time', sprintf( 'fill: time (generate %.0f s + aggregate %.0f s)', $generate, $aggregate ), $generate + $aggregate, 's' );
		$this->report->row( 'fill_rate', 'aggregation of the fill', $processed / $aggregate, 'hits/s' );
		if ( $cpu_used[1] > 0 ) {
			// What the aggregation costs, apart from what other processes take from the machine: the
			// CPU time of this process and of its MariaDB connection's thread. On an idle machine the
			// rate comes near hits ÷ (PHP + database) seconds; it is for the record, the budget is the rate.
			$this->report->row( 'fill_cpu', sprintf( 'fill: CPU time, PHP %.1f s + MariaDB connection %.1f s', $cpu_used[0], $cpu_used[1] ), $cpu_used[0] + $cpu_used[1], 's' );
			$this->report->row( 'fill_cpu_rate', 'aggregation of the fill per CPU second (hits ÷ PHP and MariaDB CPU time)', $processed / ( $cpu_used[0] + $cpu_used[1] ), 'hits/s' );
		}
		return $in_range;
	}
}
