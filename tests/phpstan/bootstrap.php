<?php
/**
 * Constants PHPStan needs to know about: WordPress's own and the plugin's.
 *
 * @package MonsterInsights\Reports
 */

define( 'ABSPATH', __DIR__ . '/' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'WP_UNINSTALL_PLUGIN', 'monsterinsights-reports/monsterinsights-reports.php' );
define( 'WP_PLUGIN_DIR', __DIR__ . '/plugins' );
define( 'MONSTERINSIGHTS_REPORTS_VERSION', '0.0.0' );
define( 'MONSTERINSIGHTS_REPORTS_FILE', __FILE__ );
define( 'MONSTERINSIGHTS_REPORTS_DIR', __DIR__ . '/' );
define( 'MONSTERINSIGHTS_REPORTS_URL', 'http://example.org/' );
