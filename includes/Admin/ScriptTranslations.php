<?php
/**
 * The app's JavaScript translations, its lazily loaded chunks included.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Admin;

use MonsterInsights\Reports\Plugin;

defined( 'ABSPATH' ) || exit;

/**
 * WordPress loads one translation file per enqueued script: `<domain>-<locale>-<md5 of the
 * script's path>.json` (the name `wp i18n make-json` gives it, after the .pot's reference), from
 * the plugin's languages/ or wp-content/languages/plugins/. The app's report screens are chunks
 * webpack loads later (build/chunks/*.js), which WordPress never enqueues, so their strings would
 * stay in English. This adds the translation file of every chunk to the app's own, the way
 * WordPress looks for them (and through its `load_script_translation_file` filter), so the app
 * starts with one set of strings for every screen.
 */
final class ScriptTranslations {

	/**
	 * While the files are read: their own loads go WordPress's usual way.
	 *
	 * @var bool
	 */
	private static bool $loading = false;

	/**
	 * Hooks the merge in.
	 */
	public static function register(): void {
		add_filter( 'pre_load_script_translations', array( self::class, 'with_chunks' ), 10, 4 );
	}

	/**
	 * On `pre_load_script_translations` for the app's script: the app's translations with every
	 * chunk's merged in, or null (WordPress goes on) for other scripts and when nothing is
	 * translated.
	 *
	 * @param string|false|null $translations What an earlier filter returned.
	 * @param string|false      $file         The file WordPress is about to read.
	 * @param string            $handle       The script.
	 * @param string            $domain       The text domain.
	 * @return string|false|null
	 */
	public static function with_chunks( $translations, $file, $handle, $domain ) {
		if ( null !== $translations || self::$loading || ReportsPage::SCRIPT_HANDLE !== $handle || Plugin::TEXT_DOMAIN !== $domain ) {
			return $translations;
		}
		self::$loading = true;
		try {
			$sets = array();
			$main = load_script_textdomain( $handle, $domain, MONSTERINSIGHTS_REPORTS_DIR . 'languages' );
			if ( is_string( $main ) ) {
				$sets[] = $main;
			}
			foreach ( self::chunk_paths() as $relative ) {
				$chunk = self::load_file( $relative, $handle, $domain );
				if ( is_string( $chunk ) ) {
					$sets[] = $chunk;
				}
			}
		} finally {
			self::$loading = false;
		}
		$merged = self::merge( $sets );
		return '' === $merged ? false : $merged;
	}

	/**
	 * The chunk files of the build, relative to the plugin (build/chunks/<name>.js).
	 *
	 * @return string[]
	 */
	public static function chunk_paths(): array {
		$files = glob( MONSTERINSIGHTS_REPORTS_DIR . 'build/chunks/*.js' );
		return array_map( static fn( string $file ): string => 'build/chunks/' . basename( $file ), false === $files ? array() : $files );
	}

	/**
	 * A script's translations by its path in the plugin, where load_script_textdomain() looks:
	 * the plugin's languages/, then wp-content/languages/plugins/.
	 *
	 * @param string $relative The script's path relative to the plugin.
	 * @param string $handle   The handle the app's strings belong to.
	 * @param string $domain   The text domain.
	 * @return string|false The JSON, or false.
	 */
	private static function load_file( string $relative, string $handle, string $domain ) {
		$name = $domain . '-' . determine_locale() . '-' . md5( $relative ) . '.json';
		foreach ( array( MONSTERINSIGHTS_REPORTS_DIR . 'languages', (string) constant( 'WP_LANG_DIR' ) . '/plugins' ) as $dir ) {
			$json = load_script_translations( $dir . '/' . $name, $handle, $domain );
			if ( is_string( $json ) ) {
				return $json;
			}
		}
		return false;
	}

	/**
	 * Jed JSON files as one: the first's header, every file's messages (the first file wins a
	 * message both have).
	 *
	 * @param string[] $sets JSON texts.
	 * @return string The JSON; '' when none is a translation file.
	 */
	public static function merge( array $sets ): string {
		$merged = null;
		foreach ( $sets as $json ) {
			$data = json_decode( $json, true );
			if ( ! is_array( $data ) || ! isset( $data['locale_data'] ) || ! is_array( $data['locale_data'] ) ) {
				continue;
			}
			if ( null === $merged ) {
				$merged = $data;
				continue;
			}
			foreach ( $data['locale_data'] as $set => $messages ) {
				if ( is_array( $messages ) ) {
					$merged['locale_data'][ $set ] = ( $merged['locale_data'][ $set ] ?? array() ) + $messages;
				}
			}
		}
		return null === $merged ? '' : (string) wp_json_encode( $merged );
	}
}
