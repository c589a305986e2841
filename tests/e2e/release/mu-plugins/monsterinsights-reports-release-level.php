<?php
/**
 * Plugin Name: MonsterInsights Reports release tests' licence level
 * Description: Test-only: the licence level "basic" through the plugin's licence-level filter, so the release test can pick the Today range (lite sees whole past days only). bin/serve-release.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

add_filter(
	'monsterinsights_reports_licence_level',
	static fn(): string => 'basic'
);
