<?php
/**
 * Site Health's test of the collector's rate limits: the hits they dropped.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin\SiteHealth;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\RateLimit;
use MonsterInsights\Reports\Sources\Builtin\Collection\DataDir;
use MonsterInsights\Reports\Sources\Builtin\Collection\Tracking\ConfigFile;

defined( 'ABSPATH' ) || exit;

/**
 * The hits the collector's rate limits dropped, those of the per-address limit first.
 */
final class RateLimitCheck {

	/**
	 * The hits the collector's rate limits dropped (ratelimit.php). Recommended when the
	 * per-address limit dropped some in the last day: a script that rotates its user agent, or a
	 * shared address of many real visitors, whose limit a filter raises.
	 *
	 * @param int|null $now Unix time; now by default.
	 * @return array<string, mixed>
	 */
	public static function run( ?int $now = null ): array {
		$now     = $now ?? time();
		$limit   = new RateLimit( DataDir::path() );
		$visitor = $limit->dropped();
		$address = $limit->dropped_per_ip();
		$per_ip  = ConfigFile::build()->visitors_per_ip;
		$format  = get_option( 'date_format' ) . ' ' . get_option( 'time_format' );
		$counts  = sprintf(
			/* translators: 1: a number of hits, 2: the most hits of one visitor a minute. */
			esc_html__( 'Hits dropped so far: %1$s from single visitors over %2$s hits a minute;', 'monsterinsights-reports' ),
			esc_html( number_format_i18n( $visitor['dropped'] ) ),
			esc_html( number_format_i18n( RateLimit::MAX_PER_MINUTE ) )
		) . ' ' . ( 0 === $per_ip
			? sprintf(
				/* translators: %s: a number of hits. */
				esc_html__( '%s from single IP addresses over their limit of visitors a minute, which is now off.', 'monsterinsights-reports' ),
				esc_html( number_format_i18n( $address['dropped'] ) )
			)
			: sprintf(
				/* translators: 1: a number of hits, 2: the most visitors of one address a minute. */
				esc_html__( '%1$s from single IP addresses over %2$s visitors a minute.', 'monsterinsights-reports' ),
				esc_html( number_format_i18n( $address['dropped'] ) ),
				esc_html( number_format_i18n( $per_ip ) )
			) );
		if ( $address['last'] > $now - DAY_IN_SECONDS ) {
			return Result::make(
				'rate_limit',
				'recommended',
				__( 'Visits from one IP address were dropped', 'monsterinsights-reports' ),
				$counts . ' ' . sprintf(
					/* translators: 1: date and time, 2: a filter's name. */
					esc_html__( 'The last, on %1$s, came from an address that sent more different browsers in a minute than the limit allows: a script that changes its user agent with every hit does that. If many real visitors share one address (a campus or office network), raise the limit with the %2$s filter, or exclude the address.', 'monsterinsights-reports' ),
					esc_html( (string) wp_date( $format, $address['last'] ) ),
					'<code>monsterinsights_reports_rate_limit_visitors_per_ip</code>'
				)
			);
		}
		return Result::make(
			'rate_limit',
			'good',
			__( 'The Insights rate limits keep floods out', 'monsterinsights-reports' ),
			$counts
		);
	}
}
