<?php
/**
 * A second database connection, for work that may run beside the aggregation's.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

defined( 'ABSPATH' ) || exit;

/**
 * Statements sent here run on a connection of their own, each in its own transaction
 * (autocommit), while $wpdb's connection goes on with the aggregation: the database works on
 * both at once, on a second core. They are sent in order, one at a time, without waiting (pump()
 * sends the next when the one before is answered); wait() waits for them all.
 *
 * Only work whose result nothing waits for belongs here, and only work that is safe in any order
 * with what $wpdb's connection does meanwhile: compaction's deletes of final days (Compaction::
 * behind()), which no other statement of the run reads or writes. A statement that fails is
 * counted, and the ones queued after it still run; what it should have done is done again later
 * (the next compaction finds the rows left).
 *
 * The second connection is not used, and the statements run on $wpdb's connection in order with
 * its own (Db::write()), when:
 * - $wpdb has no MySQLi connection (SQLite) or a second one cannot be opened;
 * - the caller holds a transaction (the `monsterinsights_reports_nested_transaction` filter, as in
 *   the PHPUnit harness): the second connection would not see its rows, and would wait on their locks;
 * - the `monsterinsights_reports_second_connection` filter says no.
 */
final class Beside {

	/**
	 * The second connection, false when it cannot be had, null before the first use.
	 *
	 * @var \mysqli|false|null
	 */
	private static $link = null;

	/**
	 * Whether a statement is out on it.
	 *
	 * @var bool
	 */
	private static bool $out = false;

	/**
	 * Statements waiting for the one out, in order.
	 *
	 * @var string[]
	 */
	private static array $queue = array();

	/**
	 * Statements that failed since the last wait().
	 *
	 * @var int
	 */
	private static int $failed = 0;

	/**
	 * Runs a statement beside $wpdb's connection when it can, else on it, after the statements
	 * already sent there (Db::write()).
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @throws \RuntimeException When it runs on $wpdb's connection and fails.
	 */
	public static function send( string $template, array $args = array() ): void {
		$link = self::link();
		if ( null === $link ) {
			Db::write( $template, $args );
			return;
		}
		$sql = Db::sql( $template, $args );
		if ( self::$out ) {
			self::$queue[] = $sql;
			return;
		}
		self::dispatch( $link, $sql );
	}

	/**
	 * When the statement out is answered, sends the next one queued. Never waits.
	 */
	public static function pump(): void {
		if ( ! self::$out || ! self::$link instanceof \mysqli ) {
			return;
		}
		$read   = array( self::$link );
		$errors = array( self::$link );
		$reject = array();
		if ( 0 < (int) mysqli_poll( $read, $errors, $reject, 0, 0 ) ) { // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_poll -- A connection of this plugin's own; see the class.
			self::answer( self::$link );
		}
	}

	/**
	 * Waits for every statement sent.
	 *
	 * @return int How many failed since the last wait.
	 */
	public static function wait(): int {
		while ( self::$out && self::$link instanceof \mysqli ) {
			self::answer( self::$link );
		}
		$failed       = self::$failed;
		self::$failed = 0;
		return $failed;
	}

	/**
	 * Whether statements run on a second connection (else on $wpdb's).
	 */
	public static function separate(): bool {
		return null !== self::link();
	}

	/**
	 * The second connection, opened on first use, or null when statements run on $wpdb's.
	 */
	private static function link(): ?\mysqli {
		/** This filter is documented in includes/Sources/Builtin/Storage/Db.php (transaction()). */
		if ( (bool) apply_filters( 'monsterinsights_reports_nested_transaction', false ) ) {
			return null;
		}
		/**
		 * Filters whether the aggregation may open a second database connection, for compaction's
		 * deletes, which then run while the next day's rollups are computed.
		 *
		 * @param bool $allowed Default true.
		 */
		if ( ! (bool) apply_filters( 'monsterinsights_reports_second_connection', true ) ) {
			return null;
		}
		if ( null === self::$link ) {
			self::$link = self::open();
		}
		return self::$link instanceof \mysqli ? self::$link : null;
	}

	/**
	 * Opens a connection as $wpdb opened its own: same server, credentials, database, client
	 * flags and character set.
	 *
	 * @return \mysqli|false
	 */
	private static function open() {
		global $wpdb;
		$main = $wpdb instanceof \wpdb ? $wpdb->__get( 'dbh' ) : null;
		if ( ! $main instanceof \mysqli ) {
			return false;
		}
		// wpdb keeps these protected and reads them out through __get() for compatibility.
		$host = $wpdb->parse_db_host( (string) $wpdb->__get( 'dbhost' ) );
		if ( false === $host ) {
			return false;
		}
		list( $server, $port, $socket, $is_ipv6 ) = $host;
		if ( $is_ipv6 && null !== $server ) {
			$server = '[' . $server . ']';
		}
		$link = mysqli_init(); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_init -- A second connection as $wpdb opens its own (wpdb::db_connect()), for compaction's deletes; see the class.
		if ( false === $link ) {
			return false;
		}
		try {
			// phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_real_connect -- As above, with $wpdb's own server, credentials, database and client flags.
			$connected = mysqli_real_connect( $link, $server, (string) $wpdb->__get( 'dbuser' ), (string) $wpdb->__get( 'dbpassword' ), (string) $wpdb->__get( 'dbname' ), null === $port ? 0 : (int) $port, $socket, defined( 'MYSQL_CLIENT_FLAGS' ) ? (int) MYSQL_CLIENT_FLAGS : 0 );
		} catch ( \mysqli_sql_exception $error ) {
			$connected = false;
		}
		if ( ! $connected ) {
			return false;
		}
		$wpdb->set_charset( $link );
		return $link;
	}

	/**
	 * Sends a statement without waiting for it; none may be out.
	 *
	 * @param \mysqli $link The second connection.
	 * @param string  $sql  The statement.
	 */
	private static function dispatch( \mysqli $link, string $sql ): void {
		try {
			$sent = mysqli_query( $link, $sql, MYSQLI_ASYNC ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query -- A connection of this plugin's own; see the class.
		} catch ( \mysqli_sql_exception $error ) {
			$sent = false;
		}
		if ( false === $sent ) {
			++self::$failed;
			self::next( $link );
			return;
		}
		self::$out = true;
	}

	/**
	 * Waits for the statement out, then sends the next one queued.
	 *
	 * @param \mysqli $link The second connection.
	 */
	private static function answer( \mysqli $link ): void {
		try {
			$result = mysqli_reap_async_query( $link ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_reap_async_query -- A connection of this plugin's own; see the class.
		} catch ( \mysqli_sql_exception $error ) {
			$result = false;
		}
		if ( $result instanceof \mysqli_result ) {
			mysqli_free_result( $result ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_free_result -- As above.
		}
		if ( false === $result ) {
			++self::$failed;
		}
		self::$out = false;
		self::next( $link );
	}

	/**
	 * Sends the next statement queued, if any.
	 *
	 * @param \mysqli $link The second connection.
	 */
	private static function next( \mysqli $link ): void {
		if ( array() !== self::$queue ) {
			self::dispatch( $link, (string) array_shift( self::$queue ) );
		}
	}
}
