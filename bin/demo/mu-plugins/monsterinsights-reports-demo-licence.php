<?php
/**
 * Plugin Name: MonsterInsights Reports demo licence key
 * Description: For the `npm start` demo site only: trusts the test key pair of tests/e2e/licence, so keys minted with `php bin/licence-key.php mint --secret tests/e2e/licence/test-secret.key --level pro` unlock the paid tiers there. bin/start.sh mounts this folder as wp-content/mu-plugins; it is never shipped.
 *
 * @package MonsterInsights\Reports
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'monsterinsights_reports_licence_public_keys',
	static fn( array $keys ): array => $keys + array( 'e2e-test' => 'X9dASUDw2uoRHzvoqsIvpFSBea3lLvmAsEMp1tZn9bA=' )
);
