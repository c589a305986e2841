<?php
/**
 * The Exceptions report (docs/product-rules.md#exceptions).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Settings\Shop;
use MonsterInsights\Reports\Sources\FindsExceptions;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The days of the range on which a series of the site left its usual range, newest first, a page
 * at a time (`page`, `per_page` of PER_PAGE): each with its id, category (engagement, ecommerce,
 * marketing), time (the day, Y-m-d), recurring, resolved (false: a deleted exception is not listed)
 * and a description with the numbers in the user's language. The source finds them (FindsExceptions:
 * the builtin source in its rollups, the google source in GA4's daily numbers); a source that does
 * not has none, and `detects` false says so. Never cached: a deletion shows at once.
 */
final class Exceptions implements Report, HasParams {

	use RegistryName;
	use Uncached;
	use WithoutTables;

	/**
	 * Rows a page the user can choose (the first is the default).
	 */
	public const PER_PAGE = array( 20, 50, 100, 200, 500 );

	/**
	 * The page parameters of the report's route.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function params(): array {
		return array(
			'page'     => array(
				'description' => __( 'Page of the list, from 1.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100000,
				'default'     => 1,
			),
			'per_page' => array(
				'description' => __( 'Exceptions a page.', 'monsterinsights-reports' ),
				'type'        => 'integer',
				'enum'        => self::PER_PAGE,
				'default'     => self::PER_PAGE[0],
			),
		);
	}

	/**
	 * The payload's JSON schema.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return Schema::object(
			array(
				'items'      => Schema::list_of(
					Schema::object(
						array(
							'id'          => array( 'type' => 'integer' ),
							'category'    => array(
								'type' => 'string',
								'enum' => array( 'engagement', 'ecommerce', 'marketing' ),
							),
							'time'        => Schema::text(),
							'recurring'   => array( 'type' => 'boolean' ),
							'resolved'    => array( 'type' => 'boolean' ),
							'description' => Schema::text(),
						)
					)
				),
				'pagination' => Schema::object(
					array(
						'page'     => array( 'type' => 'integer' ),
						'pages'    => array( 'type' => 'integer' ),
						'per_page' => array( 'type' => 'integer' ),
						'total'    => array( 'type' => 'integer' ),
					)
				),
				'detects'    => array( 'type' => 'boolean' ),
			)
		);
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Finds the exceptions.
	 * @param ReportRequest $request The range, page and rows a page.
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		$per_page = in_array( $request->per_page, self::PER_PAGE, true ) ? $request->per_page : self::PER_PAGE[0];
		$page     = max( 1, $request->page );
		$found    = $source instanceof FindsExceptions ? $source->exceptions( $request->range, $page, $per_page ) : array(
			'rows'  => array(),
			'total' => 0,
		);
		return array(
			'items'      => array_map(
				static fn( array $row ): array => array(
					'id'          => $row['id'],
					'category'    => $row['category'],
					'time'        => $row['day'],
					'recurring'   => $row['recurring'],
					'resolved'    => false,
					'description' => self::describe( $row['metric'], $row['label'], $row['day'], $row['value'], $row['expected'] ),
				),
				$found['rows']
			),
			'pagination' => array(
				'page'     => $page,
				'pages'    => (int) ceil( $found['total'] / $per_page ),
				'per_page' => $per_page,
				'total'    => $found['total'],
			),
			'detects'    => $source instanceof FindsExceptions,
		);
	}

	/**
	 * The description of an exception, with its numbers, in the user's language.
	 *
	 * @param string $metric   The series' metric (Analysis\Exceptions\Series).
	 * @param string $label    The channel, path or campaign.
	 * @param string $day      The day (Y-m-d, site time).
	 * @param float  $value    The day's value.
	 * @param float  $expected The usual value for that weekday.
	 */
	public static function describe( string $metric, string $label, string $day, float $value, float $expected ): string {
		$at = ( new \DateTimeImmutable( $day . ' 12:00:00', wp_timezone() ) )->getTimestamp();
		/* translators: the date format of an exception's day, see https://www.php.net/manual/datetime.format.php */
		$date    = (string) wp_date( __( 'l, F j, Y', 'monsterinsights-reports' ), $at );
		$weekday = (string) wp_date( 'l', $at );
		$up      = $value > $expected;

		if ( in_array( $metric, array( 'bounce_rate', 'page_bounce_rate' ), true ) ) {
			$now   = number_format_i18n( $value, 1 );
			$usual = number_format_i18n( $expected, 1 );
			if ( 'page_bounce_rate' === $metric ) {
				$text = $up
					/* translators: 1: a page path, 2: bounce rate that day (a number), 3: the date, 4: the usual bounce rate, 5: a weekday name. */
					? __( 'Bounce rate on %1$s rose to %2$s%% on %3$s, from the usual %4$s%% for a %5$s.', 'monsterinsights-reports' )
					/* translators: 1: a page path, 2: bounce rate that day (a number), 3: the date, 4: the usual bounce rate, 5: a weekday name. */
					: __( 'Bounce rate on %1$s fell to %2$s%% on %3$s, from the usual %4$s%% for a %5$s.', 'monsterinsights-reports' );
			} else {
				$text = $up
					/* translators: 1: a channel such as Organic Search, 2: bounce rate that day (a number), 3: the date, 4: the usual bounce rate, 5: a weekday name. */
					? __( 'Bounce rate of sessions from %1$s rose to %2$s%% on %3$s, from the usual %4$s%% for a %5$s.', 'monsterinsights-reports' )
					/* translators: 1: a channel such as Organic Search, 2: bounce rate that day (a number), 3: the date, 4: the usual bounce rate, 5: a weekday name. */
					: __( 'Bounce rate of sessions from %1$s fell to %2$s%% on %3$s, from the usual %4$s%% for a %5$s.', 'monsterinsights-reports' );
			}
			return sprintf( $text, $label, $now, $date, $usual, $weekday );
		}

		$money = 'revenue' === $metric;
		// Revenue in the shop's currency (Settings\Shop).
		$now = $money ? Shop::money( (float) $value ) : number_format_i18n( $value, 0 );
		// A median of an even number of days may fall between two counts (4.5).
		$usual = $money ? Shop::money( (float) $expected ) : number_format_i18n( $expected, floor( $expected ) === $expected ? 0 : 1 );
		// Above: how many times the usual; below: how far below it, in percent.
		$change = $up
			? number_format_i18n( $expected > 0 ? $value / $expected : 0, 1 )
			: number_format_i18n( $expected > 0 ? 100 * ( 1 - $value / $expected ) : 0 );
		switch ( $metric ) {
			case 'pageviews':
				$text = $up
					/* translators: 1: a channel such as Organic Search, 2: page views that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual page views, 6: a weekday name. */
					? __( 'Page views from %1$s were %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 1: a channel such as Organic Search, 2: page views that day, 3: the date, 4: percent below the usual, 5: the usual page views, 6: a weekday name. */
					: __( 'Page views from %1$s were %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
				break;
			case 'site_sessions':
				$text = $up
					/* translators: 2: sessions that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual sessions, 6: a weekday name. */
					? __( 'Sessions were %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 2: sessions that day, 3: the date, 4: percent below the usual, 5: the usual sessions, 6: a weekday name. */
					: __( 'Sessions were %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
				break;
			case 'campaign_sessions':
				$text = $up
					/* translators: 1: a campaign name, 2: sessions that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual sessions, 6: a weekday name. */
					? __( 'Sessions from the %1$s campaign were %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 1: a campaign name, 2: sessions that day, 3: the date, 4: percent below the usual, 5: the usual sessions, 6: a weekday name. */
					: __( 'Sessions from the %1$s campaign were %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
				break;
			case 'purchases':
				$text = $up
					/* translators: 2: purchases that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual purchases, 6: a weekday name. */
					? __( 'Purchases were %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 2: purchases that day, 3: the date, 4: percent below the usual, 5: the usual purchases, 6: a weekday name. */
					: __( 'Purchases were %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
				break;
			case 'revenue':
				$text = $up
					/* translators: 2: revenue that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual revenue, 6: a weekday name. */
					? __( 'Revenue was %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 2: revenue that day, 3: the date, 4: percent below the usual, 5: the usual revenue, 6: a weekday name. */
					: __( 'Revenue was %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
				break;
			default:
				$text = $up
					/* translators: 1: a channel such as Organic Search, 2: sessions that day, 3: the date, 4: how many times the usual (such as 3.1), 5: the usual sessions, 6: a weekday name. */
					? __( 'Sessions from %1$s were %2$s on %3$s, %4$s× the usual %5$s for a %6$s.', 'monsterinsights-reports' )
					/* translators: 1: a channel such as Organic Search, 2: sessions that day, 3: the date, 4: percent below the usual, 5: the usual sessions, 6: a weekday name. */
					: __( 'Sessions from %1$s were %2$s on %3$s, %4$s%% below the usual %5$s for a %6$s.', 'monsterinsights-reports' );
		}
		return sprintf( $text, $label, $now, $date, $change, $usual, $weekday );
	}
}
