<?php
/**
 * The bench's visitors: what the tracker would send, day by day.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Sources\Builtin\Demo\Mix;

/**
 * Tracker requests (the request's $_SERVER, its JSON body and its time) for any number of
 * visits a day, with the demo's mix (Mix): its user agents, devices, countries and arrivals (read
 * from Mix, so the two never drift apart), its hours of the day, 1–6 pages a visit, scroll depth,
 * outbound clicks and downloads, and visitors who come back later the same day. Visits sends a
 * fixed, small volume through the collector; the bench needs a volume it chooses, and the requests
 * themselves, to time the collector on them or to turn them into buffer lines.
 *
 * Deterministic: the same seed gives the same requests.
 *
 * @phpstan-type Request array{ts: int, server: array<string, string>, body: array<string, mixed>}
 */
final class Traffic {

	/**
	 * The country header the requests carry, as a CDN would set it (the bench site trusts it).
	 */
	public const COUNTRY_HEADER = 'CF-IPCountry';

	/**
	 * Average page views a visit: 1 + E[floor(Exp(1.3))] = 1 + 1 / (e^(1/1.3) - 1).
	 */
	public const PAGEVIEWS_PER_VISIT = 1.8636;

	/**
	 * Visits by hour of the day (the demo's weights).
	 */
	private const HOURS = array( 1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 10, 10, 10, 9, 9, 9, 10, 11, 11, 9, 6, 3 );

	/**
	 * The demo's mix, by constant name.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private array $mix = array();

	/**
	 * The generator's state.
	 *
	 * @var int
	 */
	private int $state;

	/**
	 * A traffic generator.
	 *
	 * @param int                                          $seed     The seed.
	 * @param array<int, array{path: string, object: int}> $pages    Pages a visit goes to.
	 * @param string                                       $download A file's URL for downloads.
	 */
	public function __construct( int $seed, private array $pages, private string $download ) {
		$this->state = $seed & 0x7fffffff;
		foreach ( array( 'USER_AGENTS', 'DEVICES', 'COUNTRIES', 'ARRIVALS', 'REFERRERS', 'CAMPAIGNS' ) as $name ) {
			$this->mix[ $name ] = ( new \ReflectionClassConstant( Mix::class, $name ) )->getValue();
		}
	}

	/**
	 * The requests of one day's visits, in the order they reach the collector (by time).
	 *
	 * @param \DateTimeImmutable $day    Midnight of the day.
	 * @param int                $visits Visits that start this day.
	 * @return array<int, Request>
	 */
	public function day( \DateTimeImmutable $day, int $visits ): array {
		$planned = array();
		$latest  = array();
		for ( $i = 0; $i < $visits; $i++ ) {
			$visit                  = $this->visit( $day, $i, $planned, $latest );
			$planned[]              = $visit;
			$latest[ $visit['ip'] ] = max( $latest[ $visit['ip'] ] ?? 0, (int) $visit['start'] );
		}
		$requests = array();
		foreach ( $planned as $visit ) {
			foreach ( $this->hits( $visit ) as $request ) {
				$requests[] = $request;
			}
		}
		usort( $requests, static fn( array $a, array $b ): int => $a['ts'] <=> $b['ts'] );
		return $requests;
	}

	/**
	 * Plans one visit: who, when, how they arrived, how many pages.
	 *
	 * @param \DateTimeImmutable               $day    The day.
	 * @param int                              $index  Its number that day.
	 * @param array<int, array<string, mixed>> $before Earlier visits of the day.
	 * @param array<string, int>               $latest The start of each address's latest visit of the day.
	 * @return array<string, mixed>
	 */
	private function visit( \DateTimeImmutable $day, int $index, array $before, array $latest ): array {
		$start = $day->getTimestamp() + $this->pick( self::HOURS ) * 3600 + $this->rand( 0, 3599 );
		if ( count( $before ) > 3 && $this->rand( 1, 100 ) <= 15 ) {
			// Back later the same day: same address and browser, an hour after their latest visit.
			$earlier = $before[ $this->rand( 0, count( $before ) - 1 ) ];
			$visitor = array(
				'ip'      => $earlier['ip'],
				'ua'      => $earlier['ua'],
				'country' => $earlier['country'],
			);
			$start   = max( $start, $latest[ $earlier['ip'] ] + 3600 );
		} else {
			$agents  = $this->mix['USER_AGENTS'][ $this->pick( $this->mix['DEVICES'] ) ];
			$visitor = array(
				// Unique per visitor of the day, and different from the day before.
				'ip'      => sprintf( '10.%d.%d.%d', (int) $day->format( 'z' ) % 256, intdiv( $index, 250 ), 1 + $index % 250 ),
				'ua'      => $agents[ $this->rand( 0, count( $agents ) - 1 ) ],
				'country' => (string) $this->pick( $this->mix['COUNTRIES'] ),
			);
		}
		return $visitor + array(
			'start'   => $start,
			'arrival' => (string) $this->pick( $this->mix['ARRIVALS'] ),
			'pages'   => 1 + (int) floor( -log( $this->rand( 1, 1000 ) / 1000 ) * 1.3 ),
		);
	}

	/**
	 * The hits of one visit.
	 *
	 * @param array<string, mixed> $visit The plan.
	 * @return array<int, Request>
	 */
	private function hits( array $visit ): array {
		$server = array(
			'REQUEST_METHOD'      => 'POST',
			'REMOTE_ADDR'         => $visit['ip'],
			'HTTP_USER_AGENT'     => $visit['ua'],
			'CONTENT_TYPE'        => 'text/plain;charset=UTF-8',
			'HTTP_CF_IPCOUNTRY'   => $visit['country'],
			'HTTP_SEC_FETCH_MODE' => 'no-cors',
		);
		$hits   = array();
		$time   = (int) $visit['start'];
		for ( $n = 0; $n < (int) $visit['pages']; $n++ ) {
			$page   = $this->pages[ $this->rand( 0, count( $this->pages ) - 1 ) ];
			$body   = array(
				't' => 'pageview',
				'p' => $page['path'],
				'o' => $page['object'],
			) + ( 0 === $n ? $this->arrival( (string) $visit['arrival'] ) : array() );
			$hits[] = array(
				'ts'     => $time,
				'server' => $server,
				'body'   => $body,
			);
			foreach ( array( 25, 50, 75, 100 ) as $depth ) {
				if ( $this->rand( 1, 100 ) > 70 - $depth / 2 ) {
					break;
				}
				$time  += $this->rand( 3, 20 );
				$hits[] = array(
					'ts'     => $time,
					'server' => $server,
					'body'   => $this->event( $page, 'scroll', array( 'percent' => $depth ) ),
				);
			}
			$roll = $this->rand( 1, 100 );
			if ( $roll <= 11 ) {
				$outbound = $roll <= 8;
				$hits[]   = array(
					'ts'     => $time + $this->rand( 5, 60 ),
					'server' => $server,
					'body'   => $this->event( $page, $outbound ? 'outbound_click' : 'file_download', array( 'url' => $outbound ? 'https://wordpress.org/plugins/' : $this->download ) ),
				);
			}
			$time += $this->rand( 15, 240 );
		}
		return $hits;
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
	 * The referrer, utm tags and click id of a visit's first page view (as the demo's Visits send them).
	 *
	 * @param string $arrival How the visitor came.
	 * @return array<string, string>
	 */
	private function arrival( string $arrival ): array {
		switch ( $arrival ) {
			case 'direct':
				return array();
			case 'email':
				return array(
					'us' => 'newsletter',
					'um' => 'email',
					'uc' => 'monthly-digest',
				);
			case 'paid':
				return array(
					'r'  => 'https://www.google.com/',
					'us' => 'google',
					'um' => 'cpc',
					'uc' => 'brand',
					'ck' => 'gclid',
				);
		}
		// The demo's other tagged arrivals (paid social, display, affiliates, SMS, …): its utm
		// tags, the first of their campaigns.
		if ( isset( $this->mix['CAMPAIGNS'][ $arrival ] ) ) {
			list( $source, $medium, $campaigns ) = $this->mix['CAMPAIGNS'][ $arrival ];
			return array(
				'us' => (string) $source,
				'um' => (string) $medium,
				'uc' => (string) $campaigns[0],
			);
		}
		$list = $this->mix['REFERRERS'][ $arrival ];
		return array( 'r' => $list[ $this->rand( 0, count( $list ) - 1 ) ] );
	}

	/**
	 * A deterministic integer in [min, max] (the demo's generator).
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
		return array_key_last( $weights ) ?? 0;
	}
}
