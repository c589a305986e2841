<?php
/**
 * Why the collector turned a request away.
 *
 * Loaded without WordPress by collect.php: no WordPress function here.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Collector;

/**
 * Thrown inside Collector::handle() and caught there: the message is a machine-readable reason
 * (`bot`, `prefetch`, `malformed_body`, …), the code the HTTP status to answer.
 */
final class Rejection extends \RuntimeException {
}
