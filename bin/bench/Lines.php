<?php
/**
 * Buffer lines written straight from tracker requests, for the 1 M page view fill.
 *
 * @package MonsterInsights\Reports\Bench
 */

namespace MonsterInsights\Reports\Bench;

use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Buffer;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\PrivateFile;
use MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Collector;
use MonsterInsights\Reports\Sources\Builtin\Storage\LocalTime;

/**
 * Turns a request the collector would accept into the line Collector::handle() would append, for
 * the requests Traffic makes (clean paths, external referrers, valid events, the country in a CDN
 * header): same fields in the same order, a random hit id, and visitor keys from the collector's
 * own visitor_key() under a random salt per site-local day, as Salts keeps them. It skips what costs the collector most (the
 * bot list, one locked append per hit), which is what makes a million page views fit in the bench's
 * time. check() proves the lines match the collector's on a sample.
 *
 * @phpstan-import-type Request from Traffic
 */
final class Lines {

	/**
	 * Raw salts by site-local day, as Salts keeps them (made on first use).
	 *
	 * @var array<string, string>
	 */
	private array $salts = array();

	/**
	 * The day before each day.
	 *
	 * @var array<string, string>
	 */
	private array $day_before = array();

	/**
	 * Site-local days, as the collector's salts and the aggregator count them.
	 *
	 * @var LocalTime
	 */
	private LocalTime $clock;

	/**
	 * A line writer.
	 *
	 * @param Collector $collector A collector of the site, for its visitor keys.
	 */
	public function __construct( private Collector $collector ) {
		$this->clock = new LocalTime();
	}

	/**
	 * The buffer line of a request, with its newline.
	 *
	 * @param array<string, mixed> $request A Traffic request.
	 * @phpstan-param Request $request
	 */
	public function line( array $request ): string {
		$ts       = $request['ts'];
		$server   = $request['server'];
		$body     = $request['body'];
		$today    = $this->clock->day( $ts );
		$current  = $this->salts[ $today ] ??= random_bytes( 32 );
		$previous = $this->salts[ $this->day_before[ $today ] ??= ( new \DateTimeImmutable( $today, wp_timezone() ) )->modify( '-1 day' )->format( 'Y-m-d' ) ] ?? '';
		$ip       = $server['REMOTE_ADDR'];
		$agent    = $server['HTTP_USER_AGENT'];
		$event    = 'event' === $body['t'];
		$props    = $event ? (array) $body['ep'] : array();
		if ( $event && 'file_download' === $body['en'] && ! isset( $props['ext'] ) && 1 === preg_match( '/\.([a-z0-9]{1,8})$/i', (string) wp_parse_url( (string) $props['url'], PHP_URL_PATH ), $match ) ) {
			$props['ext'] = strtolower( $match[1] );
		}
		$hit = array(
			'v'   => 1,
			'id'  => bin2hex( random_bytes( 16 ) ),
			'ts'  => $ts,
			't'   => $body['t'],
			'vk'  => $this->collector->visitor_key( $ip, $agent, $current ),
			'vkp' => '' === $previous ? '' : $this->collector->visitor_key( $ip, $agent, $previous ),
			'p'   => $body['p'],
			'o'   => $body['o'],
		);
		foreach ( array( 'r', 'us', 'um', 'uc', 'ut', 'ux', 'ck', 'u' ) as $field ) {
			$hit[ $field ] = $event ? '' : (string) ( $body[ $field ] ?? '' );
		}
		$hit += array(
			'ua' => $agent,
			'cc' => strtoupper( $server['HTTP_CF_IPCOUNTRY'] ?? '' ),
			'rg' => '',
			'ci' => '',
			'en' => $event ? $body['en'] : '',
			'ep' => (object) $props,
		);
		return wp_json_encode( $hit, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE ) . "\n";
	}

	/**
	 * Sends requests through the collector and compares what it wrote with line(): the same fields,
	 * in the same order, with the same values but for the hit id and the visitor keys (random salts).
	 *
	 * @param Collector           $collector A collector writing to $buffer.
	 * @param Buffer              $buffer    An empty buffer.
	 * @param array<int, Request> $requests Requests.
	 * @return string '' when every line matches, otherwise the first difference.
	 */
	public function check( Collector $collector, Buffer $buffer, array $requests ): string {
		foreach ( $requests as $request ) {
			$collector->handle( $request['server'], (string) wp_json_encode( $request['body'] ), (float) $request['ts'] );
		}
		$written = is_file( $buffer->path() ) ? file( $buffer->path(), FILE_IGNORE_NEW_LINES ) : array();
		// The buffer's first line is its exit guard, not a hit.
		$written = is_array( $written ) ? array_values( array_diff( $written, array( PrivateFile::GUARD_LINE ) ) ) : $written;
		if ( false === $written || count( $written ) !== count( $requests ) ) {
			return sprintf( 'the collector wrote %d lines for %d requests', is_array( $written ) ? count( $written ) : 0, count( $requests ) );
		}
		foreach ( $requests as $i => $request ) {
			$theirs = (array) json_decode( $written[ $i ], true );
			$ours   = (array) json_decode( $this->line( $request ), true );
			foreach ( array( 'id', 'vk', 'vkp' ) as $random ) {
				if ( strlen( (string) $theirs[ $random ] ) !== strlen( (string) $ours[ $random ] ) ) {
					return 'line ' . $i . ': ' . $random . ' differs in length';
				}
				unset( $theirs[ $random ], $ours[ $random ] );
			}
			if ( $theirs !== $ours ) {
				return 'line ' . $i . ': collector ' . wp_json_encode( $theirs ) . ' bench ' . wp_json_encode( $ours );
			}
		}
		return '';
	}
}
