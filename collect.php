<?php
/**
 * The built-in analytics' collector endpoint. It does not load WordPress: the tracker posts every
 * page view and event here, and the answer is a bare status (204) as fast as PHP can give it.
 *
 * Everything it needs comes from config.php, which WordPress writes into the site's private data
 * dir; see includes/Sources/Builtin/Collector/Endpoint.php. When that file cannot be found from
 * here, WordPress points the tracker at the REST route `POST monsterinsights-reports/v1/collect`,
 * which runs the same handler.
 *
 * @package MonsterInsights\Reports
 */

// The endpoint class autoloads the few others it needs.
require __DIR__ . '/includes/Sources/Builtin/Collector/Endpoint.php';

MonsterInsights\Reports\Sources\Builtin\Collector\Endpoint::serve( __DIR__ );
