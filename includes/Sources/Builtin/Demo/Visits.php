<?php
/**
 * Demo traffic: realistic, deterministic visits sent through the collector (the mix they are drawn
 * from is Mix).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Demo;

use MonsterInsights\Reports\Sources\Builtin\Aggregation\Hit;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Body;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;

defined( 'ABSPATH' ) || exit;

/**
 * Builds visits for the past N days and hands every hit to the collector exactly as the tracker
 * would send it (same handler, same checks, same buffer), never writing tables itself. The same
 * seed gives the same traffic.
 *
 * The mix: more traffic on weekdays and in the afternoon and evening (site time), a slow upward
 * trend, desktop/mobile/tablet user agents, visitors from a dozen countries, direct, search,
 * social, referral, newsletter, paid and AI-assistant arrivals, 1–6 pages a visit, scroll depth,
 * outbound clicks and downloads, form impressions and conversions and video plays (Mix::INTERACTIONS,
 * drawn from a generator of their own so the rest of the traffic is what it was without them),
 * visitors coming back later the same day, and about one visitor
 * in five logged in (subscribers most, then authors, contributors, editors and users without a
 * role on the site), whose page views carry their role as the tracker sends it for the Dimensions
 * report.
 *
 * A seeding of ANOMALY_MIN_DAYS days or more (the demo's 90) also carries a few clear anomalies for
 * the Exceptions report, on fixed days before today (Mix::ANOMALIES): a newsletter blast of the
 * product-launch campaign, a day on the front page of Hacker News (a burst of Organic Social visits) and
 * an outage day on which only one visit in 25 is recorded. Their extra visits come from a
 * generator of their own, and the visits an outage drops are still drawn, so every other day's
 * traffic is the same as without them.
 */
final class Visits {

	/**
	 * The request header the demo's visits carry their country in (as a CDN would), and its
	 * $_SERVER key.
	 */
	public const COUNTRY_HEADER = 'X-Monsterinsights-Seed-Country';
	private const COUNTRY_KEY   = 'HTTP_X_MONSTERINSIGHTS_SEED_COUNTRY';

	/**
	 * Days a seeding covers at least for the anomalies to be sent: the detector compares a day with
	 * the same weekday of the weeks before, so shorter seedings (tests) have none.
	 */
	public const ANOMALY_MIN_DAYS = 60;

	/**
	 * Hits accepted and refused, and sessions built.
	 *
	 * @var array{hits: int, refused: int, sessions: int}
	 */
	private array $stats = array(
		'hits'     => 0,
		'refused'  => 0,
		'sessions' => 0,
	);

	/**
	 * The generator's state.
	 *
	 * @var int
	 */
	private int $state = 0;

	/**
	 * The state of the anomalies' own generator.
	 *
	 * @var int
	 */
	private int $aside = 0;

	/**
	 * The state of the forms' and media's own generator.
	 *
	 * @var int
	 */
	private int $interact = 0;

	/**
	 * While true, visits are drawn but not sent (the visits an outage loses).
	 *
	 * @var bool
	 */
	private bool $dry = false;

	/**
	 * The visits sent, in the order they were sent: when each began, its visitor's keys as the
	 * sessions table stores them (current and previous salt) and how the visitor arrived, for the
	 * demo shop (Shop), whose orders belong to some of them. Computed with the collector's own
	 * visitor_keys(), which draws nothing from the generator.
	 *
	 * @var array<int, array{start: int, visitor: int, visitor_prev: int, arrival: string, pages: int}>
	 */
	private array $sent = array();

	/**
	 * Pages to visit: path and object id.
	 *
	 * @var array<int, array{path: string, object: int}>
	 */
	private array $pages;

	/**
	 * The visits of a seed, for a collector.
	 *
	 * @param Collector                                    $collector The site's collector.
	 * @param int                                          $seed      The seed.
	 * @param array<int, array{path: string, object: int}> $pages     Pages; the site's published posts and pages when empty.
	 */
	public function __construct( private Collector $collector, private int $seed, array $pages = array() ) {
		$this->pages = array() !== $pages ? $pages : self::site_pages();
	}

	/**
	 * The home page and the site's published posts and pages (without a shop's cart, checkout and
	 * account pages).
	 *
	 * @return array<int, array{path: string, object: int}>
	 */
	public static function site_pages(): array {
		$pages = array(
			array(
				'path'   => '/',
				'object' => 0,
			),
		);
		$ids   = get_posts(
			array(
				'post_type'      => array( 'post', 'page' ),
				'post_status'    => 'publish',
				'posts_per_page' => 50,
				'orderby'        => 'ID',
				'order'          => 'ASC',
				'fields'         => 'ids',
			)
		);
		// A shop's cart, checkout and account pages are steps of a purchase, not pages to read.
		$steps = function_exists( 'wc_get_page_id' ) ? array_map( 'wc_get_page_id', array( 'cart', 'checkout', 'myaccount' ) ) : array();
		foreach ( $ids as $id ) {
			if ( in_array( (int) $id, $steps, true ) ) {
				continue;
			}
			$url     = (string) get_permalink( (int) $id );
			$path    = (string) wp_parse_url( $url, PHP_URL_PATH );
			$query   = (string) wp_parse_url( $url, PHP_URL_QUERY );
			$pages[] = array(
				'path'   => ( '' !== $path ? $path : '/' ) . ( '' !== $query ? '?' . $query : '' ),
				'object' => (int) $id,
			);
		}
		return $pages;
	}

	/**
	 * The visits the last run sent (Shop places its orders in some of them).
	 *
	 * @return array<int, array{start: int, visitor: int, visitor_prev: int, arrival: string, pages: int}>
	 */
	public function sent(): array {
		return $this->sent;
	}

	/**
	 * Sends the traffic of the $days days before $today (site time), and of today until $now.
	 *
	 * @param int                $days  Days back.
	 * @param \DateTimeImmutable $today Site-local midnight of today.
	 * @param int                $now   Unix time; no hit is later.
	 * @return array{hits: int, refused: int, sessions: int}
	 */
	public function run( int $days, \DateTimeImmutable $today, int $now ): array {
		$this->state    = $this->seed & 0x7fffffff;
		$this->aside    = ( $this->seed * 7919 + 17 ) & 0x7fffffff;
		$this->interact = ( $this->seed * 104729 + 29 ) & 0x7fffffff;
		$this->sent     = array();
		for ( $back = $days; $back >= 0; $back-- ) {
			$day      = $today->modify( '-' . $back . ' days' );
			$weekday  = (int) $day->format( 'N' );
			$trend    = 1 + 0.4 * ( $days - $back ) / max( 1, $days );
			$base     = 36 * $trend * ( $weekday >= 6 ? 0.7 : 1.0 );
			$sessions = (int) round( $base * ( 0.8 + $this->rand( 0, 40 ) / 100 ) );
			$visits   = array();
			for ( $i = 0; $i < $sessions; $i++ ) {
				$visits[] = $this->visit( $day, $i, $visits );
			}
			$anomaly = $days >= self::ANOMALY_MIN_DAYS ? ( Mix::ANOMALIES[ $back ] ?? array() ) : array();
			if ( isset( $anomaly['arrival'] ) ) {
				$visits = array_merge( $visits, $this->aside( fn(): array => $this->extra_visits( $day, (string) $anomaly['arrival'], (int) $anomaly['visits'] ) ) );
			}
			usort( $visits, static fn( $a, $b ) => $a['start'] <=> $b['start'] );
			foreach ( $visits as $n => $visit ) {
				if ( ! empty( $visit['extra'] ) ) {
					$this->aside( fn() => $this->send_visit( $visit, $now ) );
					continue;
				}
				$this->dry = isset( $anomaly['outage'] ) && 0 !== $n % (int) $anomaly['outage'];
				$this->send_visit( $visit, $now );
				$this->dry = false;
			}
		}
		return $this->stats;
	}

	/**
	 * Sends a page view's form and video events (Mix::INTERACTIONS), within the seconds the visitor
	 * stays on the page, on their own generator.
	 *
	 * @param array<string, mixed>             $server The visit's request.
	 * @param array{path: string, object: int} $page   The page.
	 * @param int                              $time   When the page was viewed.
	 * @param int                              $stay   Seconds until the next page view.
	 */
	private function interactions( array $server, array $page, int $time, int $stay ): void {
		list( $this->state, $this->interact ) = array( $this->interact, $this->state );
		try {
			foreach ( Mix::INTERACTIONS['forms'] as $form => $odds ) {
				if ( ! str_contains( $page['path'], $odds['path'] ) || $this->rand( 1, 100 ) > $odds['seen'] ) {
					continue;
				}
				$this->send( $server, $this->event( $page, 'form_impression', array( 'form' => $form ) ), $time + 1 );
				if ( $this->rand( 1, 100 ) <= $odds['sent'] ) {
					$this->send( $server, $this->event( $page, 'form_conversion', array( 'form' => $form ) ), $time + min( $stay, $this->rand( 20, 90 ) ) );
				}
			}
			foreach ( Mix::INTERACTIONS['videos'] as $title => $odds ) {
				$here = '' !== $odds['path'] ? str_contains( $page['path'], $odds['path'] ) : ( $page['object'] > 0 && 0 === $page['object'] % 3 );
				if ( ! $here || $this->rand( 1, 100 ) > $odds['play'] ) {
					continue;
				}
				$duration = (int) $odds['duration'];
				$watched  = $this->rand( 1, 4 ) === 1 ? $duration : $this->rand( 5, $duration );
				$start    = $time + $this->rand( 3, 10 );
				$this->send( $server, $this->event( $page, 'video_start', array( 'title' => $title ) ), $start );
				$this->send(
					$server,
					$this->event(
						$page,
						'video_progress',
						array(
							'title'   => $title,
							'seconds' => $watched,
							'percent' => (int) round( $watched * 100 / $duration ),
						)
					),
					$start + $watched
				);
				if ( $watched === $duration ) {
					$this->send( $server, $this->event( $page, 'video_complete', array( 'title' => $title ) ), $start + $watched );
				}
			}
		} finally {
			list( $this->state, $this->interact ) = array( $this->interact, $this->state );
		}
	}

	/**
	 * Runs a function on the anomalies' own generator, leaving the main one where it was.
	 *
	 * @param \Closure $work The function.
	 * @return mixed What it returns.
	 */
	private function aside( \Closure $work ) {
		list( $this->state, $this->aside ) = array( $this->aside, $this->state );
		try {
			return $work();
		} finally {
			list( $this->state, $this->aside ) = array( $this->aside, $this->state );
		}
	}

	/**
	 * The extra visits of an anomaly: new visitors (addresses of their own) arriving the same way
	 * between 08:00 and 20:00.
	 *
	 * @param \DateTimeImmutable $day     The day.
	 * @param string             $arrival blast (the newsletter's product-launch campaign) or viral (Hacker News).
	 * @param int                $count   How many.
	 * @return array<int, array<string, mixed>>
	 */
	private function extra_visits( \DateTimeImmutable $day, string $arrival, int $count ): array {
		$visits = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$device   = $this->pick( Mix::DEVICES );
			$agents   = Mix::USER_AGENTS[ $device ];
			$visits[] = array(
				'ip'      => sprintf( '172.16.%d.%d', intdiv( $i, 250 ), 1 + $i % 250 ),
				'ua'      => $agents[ $this->rand( 0, count( $agents ) - 1 ) ],
				'country' => $this->pick( Mix::COUNTRIES ),
				'start'   => $day->getTimestamp() + 8 * 3600 + $this->rand( 0, 12 * 3600 - 1 ),
				'arrival' => $arrival,
				'pages'   => 1 + (int) floor( -log( $this->rand( 1, 1000 ) / 1000 ) * 1.3 ),
				'extra'   => true,
			);
		}
		return $visits;
	}

	/**
	 * Plans one visit.
	 *
	 * @param \DateTimeImmutable               $day    The day.
	 * @param int                              $index  Its number that day.
	 * @param array<int, array<string, mixed>> $before Earlier visits of the day.
	 * @return array<string, mixed>
	 */
	private function visit( \DateTimeImmutable $day, int $index, array $before ): array {
		$hour  = $this->hour();
		$start = $day->getTimestamp() + $hour * 3600 + $this->rand( 0, 3599 );
		// Some visitors come back later the same day: same address and browser, so the same key,
		// an hour or more after their latest visit began (a new session).
		if ( count( $before ) > 3 && $this->rand( 1, 100 ) <= 15 ) {
			$earlier = $before[ $this->rand( 0, count( $before ) - 1 ) ];
			$latest  = $earlier['start'];
			foreach ( $before as $other ) {
				if ( $other['ip'] === $earlier['ip'] ) {
					$latest = max( $latest, $other['start'] );
				}
			}
			$visitor = array(
				'ip'      => $earlier['ip'],
				'ua'      => $earlier['ua'],
				'country' => $earlier['country'],
				'role'    => $earlier['role'],
			);
			$start   = max( $start, (int) $latest + 3600 );
		} else {
			$device          = $this->pick( Mix::DEVICES );
			$agents          = Mix::USER_AGENTS[ $device ];
			$visitor         = array(
				// Unique per visitor of the day, and different from the day before.
				'ip'      => sprintf( '10.%d.%d.%d', (int) $day->format( 'z' ) % 256, intdiv( $index, 250 ), 1 + $index % 250 ),
				'ua'      => $agents[ $this->rand( 0, count( $agents ) - 1 ) ],
				'country' => $this->pick( Mix::COUNTRIES ),
			);
			$visitor['role'] = $this->role( $visitor['ip'] );
		}
		return $visitor + array(
			'start'   => $start,
			'arrival' => $this->pick( Mix::ARRIVALS ),
			'pages'   => 1 + (int) floor( -log( $this->rand( 1, 1000 ) / 1000 ) * 1.3 ),
		);
	}

	/**
	 * The role a visitor is logged in with, '' for none: derived from the visitor's address and the
	 * seed, so it draws nothing from the generator (the rest of the traffic stays as it was).
	 *
	 * @param string $ip The visitor's address.
	 */
	private function role( string $ip ): string {
		$roll = crc32( $this->seed . '|' . $ip ) % 100;
		foreach ( Mix::ROLES as $role => $share ) {
			$roll -= $share;
			if ( $roll < 0 ) {
				return (string) $role;
			}
		}
		return '';
	}

	/**
	 * An hour of the day, busier in the afternoon and evening.
	 */
	private function hour(): int {
		$weights = array( 1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 10, 10, 10, 9, 9, 9, 10, 11, 11, 9, 6, 3 );
		return (int) $this->pick( array_combine( range( 0, 23 ), $weights ) );
	}

	/**
	 * Sends the hits of one visit.
	 *
	 * @param array<string, mixed> $visit The plan.
	 * @param int                  $now   No hit after this.
	 */
	private function send_visit( array $visit, int $now ): void {
		if ( $visit['start'] > $now ) {
			return;
		}
		if ( ! $this->dry ) {
			++$this->stats['sessions'];
		}
		$server = array(
			'REQUEST_METHOD'  => 'POST',
			'REMOTE_ADDR'     => $visit['ip'],
			'HTTP_USER_AGENT' => $visit['ua'],
			'CONTENT_TYPE'    => 'text/plain;charset=UTF-8',
			self::COUNTRY_KEY => $visit['country'],
		);
		$time   = (int) $visit['start'];
		$keys   = $this->dry ? null : $this->collector->visitor_keys( $server, (float) $time );
		if ( null !== $keys ) {
			$this->sent[] = array(
				'start'        => $time,
				'visitor'      => Hit::key_int( $keys['current'] ),
				'visitor_prev' => '' === $keys['previous'] ? 0 : Hit::key_int( $keys['previous'] ),
				'arrival'      => (string) $visit['arrival'],
				'pages'        => (int) $visit['pages'],
			);
		}
		$page = $this->pages[ $this->rand( 0, count( $this->pages ) - 1 ) ];
		// An anomaly's extra visitors (extra_visits) are anonymous: they carry no role.
		$role  = (string) ( $visit['role'] ?? '' );
		$user  = '' !== $role ? array( 'u' => $role ) : array();
		$first = array(
			't' => 'pageview',
			'p' => $page['path'],
			'o' => $page['object'],
		) + $user + $this->arrival( (string) $visit['arrival'], $page['path'] );
		for ( $n = 0; $n < (int) $visit['pages'] && $time <= $now; $n++ ) {
			$body = 0 === $n ? $first : array(
				't' => 'pageview',
				'p' => $page['path'],
				'o' => $page['object'],
			) + $user;
			$this->send( $server, $body, $time );
			$this->send_vitals( $server, $page, $time, $n, $now );
			foreach ( array( 25, 50, 75, 100 ) as $depth ) {
				if ( $this->rand( 1, 100 ) > 70 - $depth / 2 ) {
					break;
				}
				$time += $this->rand( 3, 20 );
				$this->send( $server, $this->event( $page, 'scroll', array( 'percent' => $depth ) ), $time );
			}
			$roll = $this->rand( 1, 100 );
			if ( $roll <= 8 ) {
				$this->send( $server, $this->event( $page, 'outbound_click', array( 'url' => 'https://wordpress.org/plugins/' ) ), $time + $this->rand( 5, 60 ) );
			} elseif ( $roll <= 11 ) {
				$this->send( $server, $this->event( $page, 'file_download', array( 'url' => home_url( '/wp-content/uploads/guide.pdf' ) ) ), $time + $this->rand( 5, 60 ) );
			}
			$stay = $this->rand( 15, 240 );
			$this->interactions( $server, $page, $time, $stay );
			$time += $stay;
			$page  = $this->pages[ $this->rand( 0, count( $this->pages ) - 1 ) ];
		}
	}

	/**
	 * The Core Web Vitals of a page view, sent as the page is hidden (20 to 140 seconds later, a
	 * passive event that changes no session). Drawn from a hash of the seed, the visitor and the
	 * page view rather than the generator, so the rest of the traffic stays as it was: log-normal
	 * around VITALS' medians, phones and tablets slower than desktops; two page views in five have
	 * no interaction, so no INP.
	 *
	 * @param array<string, string>            $server The visit's request headers.
	 * @param array{path: string, object: int} $page   The page.
	 * @param int                              $time   When it was viewed.
	 * @param int                              $n      Its number in the visit.
	 * @param int                              $now    No hit after this.
	 */
	private function send_vitals( array $server, array $page, int $time, int $n, int $now ): void {
		$ua     = $server['HTTP_USER_AGENT'];
		$device = 1 === preg_match( '/iPhone|iPad|Android/', $ua ) ? 'mobile' : 'desktop';
		$hash   = hash( 'sha512', $this->seed . '|' . $server['REMOTE_ADDR'] . '|' . $ua . '|' . $time . '|' . $n );
		// Uniform numbers in (0, 1) from the hash, 8 hex digits each (16 of them).
		$uniform = static fn( int $i ): float => ( hexdec( substr( $hash, 8 * $i, 8 ) ) + 0.5 ) / 4294967296;
		$at      = $time + 20 + (int) floor( $uniform( 0 ) * 120 );
		if ( $at > $now ) {
			return;
		}
		$props = array();
		foreach ( Mix::VITALS[ $device ] as $metric => list( $median, $sigma ) ) {
			// Box–Muller: a standard normal number from two uniform ones.
			$z                = sqrt( -2 * log( $uniform( 1 + 2 * count( $props ) ) ) ) * cos( 2 * M_PI * $uniform( 2 + 2 * count( $props ) ) );
			$value            = $median * exp( $sigma * $z );
			$props[ $metric ] = 'cls' === $metric ? round( $value, 4 ) : (int) round( $value );
		}
		if ( $uniform( 11 ) < 0.4 ) {
			unset( $props['inp'] );
		}
		$this->send( $server, $this->event( $page, Body::VITALS_EVENT, $props ), $at );
	}

	/**
	 * An event body.
	 *
	 * @param array{path: string, object: int} $page  The page.
	 * @param string                           $name  Event name.
	 * @param array<string, int|string>        $props Properties.
	 * @return array<string, mixed>
	 */
	private function event( array $page, string $name, array $props ): array {
		return array(
			't'  => 'event',
			'p'  => $page['path'],
			'o'  => $page['object'],
			'en' => $name,
			'ep' => $props,
		);
	}

	/**
	 * The referrer, utm tags and click id of the first page view.
	 *
	 * @param string $arrival How the visitor came.
	 * @param string $path    The landing path.
	 * @return array<string, string>
	 */
	private function arrival( string $arrival, string $path ): array {
		if ( 'direct' === $arrival ) {
			return array();
		}
		if ( 'blast' === $arrival ) {
			return array(
				'us' => 'newsletter',
				'um' => 'email',
				'uc' => 'product-launch',
			);
		}
		if ( 'viral' === $arrival ) {
			return array( 'r' => 'https://news.ycombinator.com/' );
		}
		if ( isset( Mix::CAMPAIGNS[ $arrival ] ) ) {
			list( $source, $medium, $campaigns ) = Mix::CAMPAIGNS[ $arrival ];
			$tags                                = array(
				'us' => $source,
				'um' => $medium,
				'uc' => $campaigns[ $this->rand( 0, count( $campaigns ) - 1 ) ],
			);
			// Ads carry their network's click id; a search ad comes from the search engine.
			return match ( $arrival ) {
				'paid'        => array(
					'r'  => 'https://www.google.com/',
					'ck' => 'gclid',
				) + $tags,
				'paid_social' => array(
					'r'  => 'https://www.facebook.com/',
					'ck' => 'fbclid',
				) + $tags,
				default       => $tags,
			};
		}
		$list = Mix::REFERRERS[ $arrival ];
		unset( $path );
		return array( 'r' => $list[ $this->rand( 0, count( $list ) - 1 ) ] );
	}

	/**
	 * Sends one hit through the collector.
	 *
	 * @param array<string, string> $server Request headers.
	 * @param array<string, mixed>  $body   The tracker's body.
	 * @param int                   $time   When.
	 */
	private function send( array $server, array $body, int $time ): void {
		if ( $this->dry ) {
			return;
		}
		$status = $this->collector->handle( $server, (string) wp_json_encode( $body ), (float) $time );
		if ( Collector::STATUS_OK === $status && '' === $this->collector->reason() ) {
			++$this->stats['hits'];
		} else {
			++$this->stats['refused'];
		}
	}

	/**
	 * A deterministic integer in [min, max] (a 31-bit linear congruential generator: the same seed
	 * always gives the same traffic, and no global random state is touched).
	 *
	 * @param int $min Smallest.
	 * @param int $max Largest.
	 */
	private function rand( int $min, int $max ): int {
		$this->state = ( $this->state * 1103515245 + 12345 ) & 0x7fffffff;
		return $min + ( $this->state >> 4 ) % ( $max - $min + 1 );
	}

	/**
	 * A key of a weighted map.
	 *
	 * @param array<int|string, int> $weights Weights.
	 * @return int|string
	 */
	private function pick( array $weights ) {
		$roll = $this->rand( 1, (int) array_sum( $weights ) );
		foreach ( $weights as $key => $weight ) {
			$roll -= $weight;
			if ( $roll <= 0 ) {
				return $key;
			}
		}
		return (string) array_key_last( $weights );
	}
}
