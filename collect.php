<?php
/**
 * The built-in analytics' collector endpoint: the tracker posts every page view and event here, and
 * the answer is a bare status (204) as fast as PHP can give it.
 *
 * Why it does not load WordPress: it answers one anonymous POST per page view of every visitor,
 * so booting WordPress (every active plugin, the theme, a dozen queries) for each would multiply the
 * cost of a page view on the server. It needs none of it: it reads no option and no user, and only
 * appends one validated line to the site's private buffer file, which WordPress aggregates later.
 * Everything it needs comes from config.php, which WordPress writes into the site's private data
 * dir; see includes/Sources/Builtin/Collection/Collector/Endpoint.php. When that file cannot be found from
 * here, WordPress points the tracker at the REST route `POST monsterinsights-reports/v1/collect`,
 * which runs the same handler inside WordPress.
 *
 * It does that one thing only: it refuses to run other than as the script a web server was asked
 * for (not from the command line, not included by other code, WordPress included), answers 404 to
 * a site it does not know, 405 to anything but POST, and reads nothing but the request body and the
 * `s` (site id) parameter.
 *
 * @package MonsterInsights\Reports
 */

// A web request for this very file: not the command line (no request method), not included by
// other code (WordPress, whose ABSPATH is then defined, or any other script).
// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- Compared only, never used.
$monsterinsights_reports_script = isset( $_SERVER['SCRIPT_FILENAME'] ) && is_string( $_SERVER['SCRIPT_FILENAME'] ) ? basename( $_SERVER['SCRIPT_FILENAME'] ) : '';
if ( ! isset( $_SERVER['REQUEST_METHOD'] ) || defined( 'ABSPATH' ) || 'collect.php' !== $monsterinsights_reports_script ) {
	if ( isset( $_SERVER['REQUEST_METHOD'] ) && ! defined( 'ABSPATH' ) && ! headers_sent() ) {
		http_response_code( 404 );
	}
	return;
}
unset( $monsterinsights_reports_script );

// The endpoint class autoloads the few others it needs.
require __DIR__ . '/includes/Sources/Builtin/Collection/Collector/Endpoint.php';

MonsterInsights\Reports\Sources\Builtin\Collection\Collector\Endpoint::serve( __DIR__ );
