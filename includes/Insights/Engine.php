<?php
/**
 * AI Insights: the biggest movers of the site's numbers, written as sentences.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Insights;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Reports\Exceptions;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\FindsExceptions;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * A deterministic engine over the Query model (docs/product-rules.md#ai-insights): it runs
 * Queries through whichever source is active, never SQL, and compares a range (the last 30
 * complete days) with the range before it of the same length.
 *
 * It looks at:
 * - the site's sessions, page views and bounce rate; purchases and revenue when a shop is active
 *   (Settings\Shop::active());
 * - the sessions of the top rows (by the larger of the two ranges, TOP_ROWS each) of the channels,
 *   campaigns, landing pages, countries and devices;
 * - the recent exceptions of the range when the source finds them (Sources\FindsExceptions).
 *
 * Significance, the rank: how many standard deviations of a count the change is, as for two
 * Poisson counts: |now − before| / √(now + before). A count under MIN_VOLUME in both ranges never
 * ranks (noise), nor does a change under MIN_CHANGE of the larger count. The bounce rate's change
 * is a two-proportion z score on the sessions; revenue takes the relative change of revenue times
 * √(purchases of both ranges); an exception takes |value − usual| / √(value + usual) (its rates:
 * the points of change / 10). Then one insight per subject (the most significant), most
 * significant first, at most MAX.
 *
 * Each insight: a stable id (a hash of its kind and subject), a translated sentence with its
 * numbers, the app route of the report that shows them, and its significance.
 */
final class Engine {

	/**
	 * At most this many insights.
	 */
	public const MAX = 10;

	/**
	 * A count below this in both ranges is noise.
	 */
	public const MIN_VOLUME = 20;

	/**
	 * A change smaller than this share of the larger count says nothing.
	 */
	public const MIN_CHANGE = 0.1;

	/**
	 * Rows of each dimension compared (the top of the larger range).
	 */
	public const TOP_ROWS = 10;

	/**
	 * Exceptions looked at.
	 */
	public const EXCEPTIONS = 5;

	/**
	 * The dimensions compared: kind => array( dimension, route ).
	 */
	private const DIMENSIONS = array(
		'channel'      => array( Dimension::SESSION_CHANNEL, '/traffic-overview' ),
		'campaign'     => array( Dimension::SESSION_CAMPAIGN, '/traffic-campaign' ),
		'landing_page' => array( Dimension::LANDING_PAGE, '/traffic-landing-pages' ),
		'country'      => array( Dimension::COUNTRY, '/countries' ),
		'device'       => array( Dimension::DEVICE_CATEGORY, '/traffic-technology' ),
	);

	/**
	 * The subject kinds of the exceptions' metrics (Sources\FindsExceptions).
	 */
	private const EXCEPTION_SUBJECTS = array(
		'site_sessions'     => 'sessions',
		'sessions'          => 'channel',
		'campaign_sessions' => 'campaign',
		'purchases'         => 'purchases',
		'revenue'           => 'revenue',
	);

	/**
	 * The engine.
	 *
	 * @param Source $source Answers the Queries.
	 */
	public function __construct( private Source $source ) {
	}

	/**
	 * The default range: the last 30 complete days, and the 30 before them, at the
	 * `monsterinsights_reports_now` filter's time (the current time).
	 *
	 * @return array{0: DateRange, 1: DateRange}
	 */
	public static function ranges(): array {
		$now = ( new \DateTimeImmutable( '@' . (int) apply_filters( 'monsterinsights_reports_now', time() ) ) )->setTimezone( wp_timezone() );
		return DateRange::preset( 'last30days', $now, (int) get_option( 'start_of_week', 1 ) );
	}

	/**
	 * The insights of a range against the range before it.
	 *
	 * @param DateRange $range  The range.
	 * @param DateRange $before The range compared with.
	 * @return list<array{id: string, kind: string, content: string, link: string, significance: float}>
	 */
	public function insights( DateRange $range, DateRange $before ): array {
		$days  = $range->days();
		$found = array_merge(
			$this->site( $range, $before, $days ),
			$this->rows( $range, $before, $days ),
			$this->exceptions( $range )
		);
		// One insight per subject: the most significant.
		$by_subject = array();
		foreach ( $found as $insight ) {
			$key = $insight['subject'];
			if ( ! isset( $by_subject[ $key ] ) || $insight['significance'] > $by_subject[ $key ]['significance'] ) {
				$by_subject[ $key ] = $insight;
			}
		}
		$list = array_values( $by_subject );
		usort(
			$list,
			static fn( array $a, array $b ): int => array( $b['significance'], $a['id'] ) <=> array( $a['significance'], $b['id'] )
		);
		return array_map(
			static fn( array $i ): array => array(
				'id'           => $i['id'],
				'kind'         => $i['kind'],
				'content'      => $i['content'],
				'link'         => $i['link'],
				'significance' => round( $i['significance'], 4 ),
			),
			array_slice( $list, 0, self::MAX )
		);
	}

	/**
	 * The stable id of a subject.
	 *
	 * @param string $kind    The kind (sessions, channel, …).
	 * @param string $subject The subject (a channel's name, …; '' for the site).
	 */
	public static function id( string $kind, string $subject ): string {
		return substr( md5( $kind . '|' . $subject ), 0, 12 );
	}

	/**
	 * The significance of a change of a count.
	 *
	 * @param float $now    The count of the range.
	 * @param float $before The count of the range before.
	 * @return float|null Null when it never ranks (too small a volume or change).
	 */
	public static function count_significance( float $now, float $before ): ?float {
		$larger = max( $now, $before );
		if ( $larger < self::MIN_VOLUME || abs( $now - $before ) < self::MIN_CHANGE * $larger ) {
			return null;
		}
		return abs( $now - $before ) / sqrt( $now + $before );
	}

	/**
	 * The site's totals.
	 *
	 * @param DateRange $range  The range.
	 * @param DateRange $before The range before.
	 * @param int       $days   Days in a range.
	 * @return list<array<string, mixed>>
	 */
	private function site( DateRange $range, DateRange $before, int $days ): array {
		$shop    = Shop::active();
		$metrics = array( Metric::SESSIONS, Metric::SCREEN_PAGE_VIEWS, Metric::BOUNCE_RATE );
		if ( $shop ) {
			$metrics[] = Metric::ECOMMERCE_PURCHASES;
			$metrics[] = Metric::TOTAL_REVENUE;
		}
		$result = $this->source->run( new Query( $metrics, array(), $range, $before ) );
		$prev   = $result->compare;
		$out    = array();
		$counts = array(
			'sessions'  => array( Metric::SESSIONS, __( 'Sessions', 'monsterinsights-reports' ), '/' ),
			'pageviews' => array( Metric::SCREEN_PAGE_VIEWS, __( 'Page views', 'monsterinsights-reports' ), '/' ),
		);
		if ( $shop ) {
			$counts['purchases'] = array( Metric::ECOMMERCE_PURCHASES, __( 'Purchases', 'monsterinsights-reports' ), '/ecommerce' );
		}
		foreach ( $counts as $kind => list( $metric, $phrase, $link ) ) {
			$now  = (float) $result->total( $metric );
			$then = (float) ( null === $prev ? 0 : $prev->total( $metric ) );
			$sig  = self::count_significance( $now, $then );
			if ( null !== $sig ) {
				$out[] = self::insight( $kind, '', self::change_sentence( $phrase, $now, $then, $days, number_format_i18n( $now ), number_format_i18n( $then ) ), $link, $sig );
			}
		}

		// The bounce rate, a share of the sessions: a two-proportion z score.
		$sessions_now  = (float) $result->total( Metric::SESSIONS );
		$sessions_then = (float) ( null === $prev ? 0 : $prev->total( Metric::SESSIONS ) );
		$rate_now      = (float) $result->total( Metric::BOUNCE_RATE );
		$rate_then     = (float) ( null === $prev ? 0 : $prev->total( Metric::BOUNCE_RATE ) );
		if ( min( $sessions_now, $sessions_then ) >= self::MIN_VOLUME && abs( $rate_now - $rate_then ) >= 100 * self::MIN_CHANGE / 2 ) {
			$pooled = ( $rate_now * $sessions_now + $rate_then * $sessions_then ) / 100 / ( $sessions_now + $sessions_then );
			$spread = sqrt( max( $pooled * ( 1 - $pooled ), 1e-9 ) * ( 1 / $sessions_now + 1 / $sessions_then ) );
			$text   = $rate_now > $rate_then
				/* translators: 1: the bounce rate before (a number), 2: the bounce rate now, 3: days in each range. */
				? __( 'Your bounce rate rose from %1$s%% to %2$s%% in the last %3$d days.', 'monsterinsights-reports' )
				/* translators: 1: the bounce rate before (a number), 2: the bounce rate now, 3: days in each range. */
				: __( 'Your bounce rate fell from %1$s%% to %2$s%% in the last %3$d days.', 'monsterinsights-reports' );
			$out[] = self::insight( 'bounce_rate', '', sprintf( $text, number_format_i18n( $rate_then, 1 ), number_format_i18n( $rate_now, 1 ), $days ), '/', abs( $rate_now - $rate_then ) / 100 / $spread );
		}

		if ( $shop ) {
			$revenue_now  = (float) $result->total( Metric::TOTAL_REVENUE );
			$revenue_then = (float) ( null === $prev ? 0 : $prev->total( Metric::TOTAL_REVENUE ) );
			$purchases    = (float) $result->total( Metric::ECOMMERCE_PURCHASES ) + (float) ( null === $prev ? 0 : $prev->total( Metric::ECOMMERCE_PURCHASES ) );
			$larger       = max( $revenue_now, $revenue_then );
			if ( $larger > 0 && $purchases >= self::MIN_VOLUME && abs( $revenue_now - $revenue_then ) >= self::MIN_CHANGE * $larger ) {
				$out[] = self::insight(
					'revenue',
					'',
					self::change_sentence( __( 'Revenue', 'monsterinsights-reports' ), $revenue_now, $revenue_then, $days, Shop::money( $revenue_now ), Shop::money( $revenue_then ) ),
					'/ecommerce',
					abs( $revenue_now - $revenue_then ) / $larger * sqrt( $purchases )
				);
			}
		}
		return $out;
	}

	/**
	 * The sessions of the top rows of each dimension.
	 *
	 * @param DateRange $range  The range.
	 * @param DateRange $before The range before.
	 * @param int       $days   Days in a range.
	 * @return list<array<string, mixed>>
	 */
	private function rows( DateRange $range, DateRange $before, int $days ): array {
		$out = array();
		foreach ( self::DIMENSIONS as $kind => list( $dimension, $link ) ) {
			if ( ! $this->source->supports( $dimension ) ) {
				continue;
			}
			$result = $this->source->run( new Query( array( Metric::SESSIONS ), array( $dimension ), $range, $before ) );
			$now    = array_map( static fn( array $m ): float => (float) ( $m[ Metric::SESSIONS ] ?? 0 ), $result->by( $dimension ) );
			$then   = null === $result->compare ? array() : array_map( static fn( array $m ): float => (float) ( $m[ Metric::SESSIONS ] ?? 0 ), $result->compare->by( $dimension ) );
			$larger = array();
			foreach ( array_unique( array_merge( array_map( 'strval', array_keys( $now ) ), array_map( 'strval', array_keys( $then ) ) ) ) as $name ) {
				if ( '' === $name || '(not set)' === $name ) {
					continue;
				}
				$larger[ $name ] = max( $now[ $name ] ?? 0, $then[ $name ] ?? 0 );
			}
			uksort( $larger, static fn( string $a, string $b ): int => array( $larger[ $b ], $a ) <=> array( $larger[ $a ], $b ) );
			foreach ( array_slice( array_keys( $larger ), 0, self::TOP_ROWS ) as $name ) {
				$name = (string) $name;
				$a    = $now[ $name ] ?? 0.0;
				$b    = $then[ $name ] ?? 0.0;
				$sig  = self::count_significance( $a, $b );
				if ( null === $sig ) {
					continue;
				}
				$out[] = self::insight( $kind, $name, self::change_sentence( self::phrase( $kind, $name ), $a, $b, $days, number_format_i18n( $a ), number_format_i18n( $b ) ), $link, $sig );
			}
		}
		return $out;
	}

	/**
	 * The exceptions of the range, when the source finds them.
	 *
	 * @param DateRange $range The range.
	 * @return list<array<string, mixed>>
	 */
	private function exceptions( DateRange $range ): array {
		if ( ! $this->source instanceof FindsExceptions ) {
			return array();
		}
		$out = array();
		foreach ( $this->source->exceptions( $range, 1, self::EXCEPTIONS )['rows'] as $row ) {
			$value    = (float) $row['value'];
			$expected = (float) $row['expected'];
			$rate     = in_array( $row['metric'], array( 'bounce_rate', 'page_bounce_rate' ), true );
			$sig      = $rate ? abs( $value - $expected ) / 10 : abs( $value - $expected ) / sqrt( max( 1.0, $value + $expected ) );
			$insight  = self::insight(
				'exception',
				$row['metric'] . '|' . $row['label'] . '|' . $row['day'],
				Exceptions::describe( $row['metric'], $row['label'], $row['day'], $value, $expected ),
				'/exceptions',
				$sig
			);
			// The subject the exception is about, so that it and a mover of the same subject are one.
			$insight['subject'] = ( self::EXCEPTION_SUBJECTS[ $row['metric'] ] ?? $row['metric'] ) . '|' . ( str_starts_with( $row['metric'], 'site_' ) ? '' : $row['label'] );
			$out[]              = $insight;
		}
		return $out;
	}

	/**
	 * What a row's sessions are called in a sentence.
	 *
	 * @param string $kind The dimension's kind.
	 * @param string $name The row.
	 */
	private static function phrase( string $kind, string $name ): string {
		switch ( $kind ) {
			case 'channel':
				/* translators: %s: a channel such as Organic Search. */
				return sprintf( __( 'Sessions from the %s channel', 'monsterinsights-reports' ), $name );
			case 'campaign':
				/* translators: %s: a campaign's name. */
				return sprintf( __( 'Sessions from the %s campaign', 'monsterinsights-reports' ), $name );
			case 'landing_page':
				/* translators: %s: a page path such as /pricing/. */
				return sprintf( __( 'Sessions starting on %s', 'monsterinsights-reports' ), $name );
			case 'country':
				/* translators: %s: a country's name. */
				return sprintf( __( 'Sessions from %s', 'monsterinsights-reports' ), $name );
		}
		/* translators: %s: a device category such as mobile. */
		return sprintf( __( 'Sessions on %s devices', 'monsterinsights-reports' ), $name );
	}

	/**
	 * The sentence of a change.
	 *
	 * @param string $phrase What changed ("Sessions from the Organic Search channel").
	 * @param float  $now    The value of the range.
	 * @param float  $before The value of the range before.
	 * @param int    $days   Days in a range.
	 * @param string $shown  The value of the range, formatted.
	 * @param string $was    The value of the range before, formatted.
	 */
	private static function change_sentence( string $phrase, float $now, float $before, int $days, string $shown, string $was ): string {
		if ( $before <= 0 ) {
			/* translators: 1: what changed, e.g. Sessions from the Email channel, 2: its value now, 3: days in each range. */
			return sprintf( __( '%1$s appeared: %2$s in the last %3$d days, none in the %3$d days before.', 'monsterinsights-reports' ), $phrase, $shown, $days );
		}
		if ( $now <= 0 ) {
			/* translators: 1: what changed, 2: its value before, 3: days in each range. */
			return sprintf( __( '%1$s stopped: none in the last %3$d days, %2$s in the %3$d days before.', 'monsterinsights-reports' ), $phrase, $was, $days );
		}
		$percent = number_format_i18n( abs( $now - $before ) / $before * 100 );
		$text    = $now > $before
			/* translators: 1: what changed, e.g. Sessions from the Email channel, 2: the change in percent (a number), 3: its value now, 4: days in each range, 5: its value before. */
			? __( '%1$s grew %2$s%%: %3$s in the last %4$d days, up from %5$s.', 'monsterinsights-reports' )
			/* translators: 1: what changed, e.g. Sessions from the Email channel, 2: the change in percent (a number), 3: its value now, 4: days in each range, 5: its value before. */
			: __( '%1$s fell %2$s%%: %3$s in the last %4$d days, down from %5$s.', 'monsterinsights-reports' );
		return sprintf( $text, $phrase, $percent, $shown, $days, $was );
	}

	/**
	 * An insight before ranking.
	 *
	 * @param string $kind         The kind.
	 * @param string $subject      The subject ('' for the site).
	 * @param string $content      The sentence.
	 * @param string $link         The app route of the report that shows it.
	 * @param float  $significance The rank.
	 * @return array{id: string, kind: string, subject: string, content: string, link: string, significance: float}
	 */
	private static function insight( string $kind, string $subject, string $content, string $link, float $significance ): array {
		return array(
			'id'           => self::id( $kind, $subject ),
			'kind'         => $kind,
			'subject'      => $kind . '|' . $subject,
			'content'      => $content,
			'link'         => $link,
			'significance' => $significance,
		);
	}
}
