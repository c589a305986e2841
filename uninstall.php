<?php
/**
 * Uninstall: removes everything the plugin stored, on every site of a network.
 *
 * @package MonsterInsights\Reports
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/Capabilities.php';
require_once __DIR__ . '/includes/Activation.php';
require_once __DIR__ . '/includes/Uninstaller.php';

MonsterInsights\Reports\Uninstaller::run();
