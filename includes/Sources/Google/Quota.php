<?php
/**
 * GA4's property quota, read from its answers.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

defined( 'ABSPATH' ) || exit;

/**
 * Every Data API request asks for `propertyQuota` (returnPropertyQuota); each answer says how many
 * tokens the property has left today, this hour and this hour for the project. observe() keeps the
 * latest of them (a transient, for Site Health and the Test connection) and, when any of them is
 * down to RESERVE tokens, leaves Google alone as a 429 would (Cache's back-off): the reports are then
 * served from their last answers, with the notice that they may be behind, instead of using up what
 * is left and failing on the next screen.
 */
final class Quota {

	/**
	 * The transient holding the latest snapshot.
	 */
	public const TRANSIENT = 'monsterinsights_reports_google_quota';

	/**
	 * Tokens kept in reserve: about two full screens of reports (a report costs GA4 about 10).
	 */
	public const RESERVE = 200;

	/**
	 * GA4's names of the token quotas, by the snapshot's.
	 */
	private const TOKENS = array(
		'day'          => 'tokensPerDay',
		'hour'         => 'tokensPerHour',
		'project_hour' => 'tokensPerProjectPerHour',
	);

	/**
	 * Reads the quota of Data API answers; backs off when any token quota is down to the reserve.
	 *
	 * @param array<int|string, array<string, mixed>> $answers RunReportResponses.
	 */
	public static function observe( array $answers ): void {
		$low    = false;
		$latest = null;
		foreach ( $answers as $answer ) {
			$quota = $answer['propertyQuota'] ?? null;
			if ( ! is_array( $quota ) ) {
				continue;
			}
			$snapshot = array( 'at' => time() );
			foreach ( self::TOKENS as $name => $ga4 ) {
				$remaining         = is_array( $quota[ $ga4 ] ?? null ) && is_numeric( $quota[ $ga4 ]['remaining'] ?? null ) ? (int) $quota[ $ga4 ]['remaining'] : null;
				$snapshot[ $name ] = $remaining;
				$low               = $low || ( null !== $remaining && $remaining <= self::RESERVE );
			}
			$latest = $snapshot;
		}
		if ( null !== $latest ) {
			set_transient( self::TRANSIENT, $latest, DAY_IN_SECONDS );
		}
		if ( $low && ! Cache::backing_off() ) {
			set_transient( Cache::BACKOFF_TRANSIENT, time(), Cache::BACKOFF );
		}
	}

	/**
	 * The latest snapshot: the tokens left today, this hour and this project hour (null where GA4
	 * did not say), and when; null before any answer.
	 *
	 * @return array{day: int|null, hour: int|null, project_hour: int|null, at: int}|null
	 */
	public static function latest(): ?array {
		$snapshot = get_transient( self::TRANSIENT );
		if ( ! is_array( $snapshot ) || ! isset( $snapshot['at'] ) ) {
			return null;
		}
		$out = array( 'at' => (int) $snapshot['at'] );
		foreach ( array_keys( self::TOKENS ) as $name ) {
			$out[ $name ] = isset( $snapshot[ $name ] ) ? (int) $snapshot[ $name ] : null;
		}
		return $out;
	}
}
