<?php
/**
 * Plugin Name: MonsterInsights Reports demo AI provider
 * Description: For the `npm start` demo site only. `AI=1 npm start` starts the fake AI provider (bin/fake-ai.sh, an OpenAI-compatible chat-completions server that answers from the tools' numbers) and writes its base URL into the site folder's .demo-ai.json; this plugin then connects Conversations AI to it (model fake-analyst), as the settings card would. A later start without AI=1 (no file) takes that connection away again, and leaves a provider the owner entered alone. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

/**
 * The option that remembers the base URL the demo connected.
 */
const MONSTERINSIGHTS_REPORTS_DEMO_AI_OPTION = 'monsterinsights_reports_demo_ai';

/**
 * Connects the demo to the fake AI provider named in the file, or takes the demo's connection away
 * without the file.
 *
 * @param string $file The file bin/start.sh writes ({"base": "http://127.0.0.1:9460/v1"}).
 * @return string The base URL connected, or '' without one.
 */
function monsterinsights_reports_demo_ai( string $file = ABSPATH . '.demo-ai.json' ): string {
	$provider = \MonsterInsights\Reports\Conversations\Provider::class;
	$demo     = (string) get_option( MONSTERINSIGHTS_REPORTS_DEMO_AI_OPTION, '' );
	if ( ! is_readable( $file ) ) {
		if ( '' !== $demo ) {
			if ( $provider::settings()['base_url'] === $demo ) {
				$provider::forget();
			}
			delete_option( MONSTERINSIGHTS_REPORTS_DEMO_AI_OPTION );
		}
		return '';
	}
	$wanted = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
	$base   = is_array( $wanted ) && is_string( $wanted['base'] ?? null ) ? $wanted['base'] : '';
	if ( '' === $base ) {
		return '';
	}
	if ( $demo !== $base || ! $provider::configured() ) {
		$provider::save( $base, 'fake-analyst', 'demo-key' );
		update_option( MONSTERINSIGHTS_REPORTS_DEMO_AI_OPTION, $base, false );
	}
	return $base;
}

add_action( 'init', static fn() => class_exists( \MonsterInsights\Reports\Conversations\Provider::class ) ? monsterinsights_reports_demo_ai() : '' );
