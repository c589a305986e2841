<?php
/**
 * SQL over the builtin source's own tables.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Storage;

defined( 'ABSPATH' ) || exit;

/**
 * A thin layer over $wpdb for the builtin tables. Queries are templates in which `{name}` stands
 * for the table Tables::table( name ) (a safe identifier built from $wpdb->prefix, quoted with
 * backticks) and every value is a %s / %d / %f placeholder bound by $wpdb->prepare(). A failed
 * query throws, so a chunk is rolled back instead of being half written.
 *
 * The same SQL runs on MariaDB/MySQL and on WordPress's SQLite integration, so it keeps to what
 * both understand: INSERT IGNORE, INSERT … ON DUPLICATE KEY UPDATE … VALUES(), INSERT … SELECT,
 * UNION ALL, CASE (never IF()), COUNT(DISTINCT …).
 */
final class Db {

	/**
	 * Savepoint names in use, innermost last.
	 *
	 * @var string[]
	 */
	private static array $savepoints = array();

	/**
	 * Whether a statement was sent without waiting for its answer (insert_rows()'s $async) and is
	 * not reaped yet.
	 *
	 * @var bool
	 */
	private static bool $pending = false;

	/**
	 * Statements sent without waiting while another was out, in order: each goes out when the one
	 * before it is answered (pump(), or reap() before any other statement).
	 *
	 * @var string[]
	 */
	private static array $queue = array();

	/**
	 * Whether send() is applying the `query` filter itself (reap_before() must not drain then).
	 *
	 * @var bool
	 */
	private static bool $sending = false;

	/**
	 * Runs a statement.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @return int Rows affected (or selected).
	 * @throws \RuntimeException When the database reports an error.
	 */
	public static function query( string $template, array $args = array() ): int {
		global $wpdb;
		self::reap();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.DB.PreparedSQL.NotPrepared -- Custom tables; the SQL is prepared by self::sql().
		$result = $wpdb->query( self::sql( $template, $args ) );
		self::check( false === $result );
		return (int) $result;
	}

	/**
	 * Runs a write without waiting for it where the connection allows (insert_rows()'s $async: in
	 * order with every later statement, its error thrown by the next one or by the transaction),
	 * else at once.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @throws \RuntimeException When the database reports an error.
	 */
	public static function write( string $template, array $args = array() ): void {
		/** This filter is documented in includes/Sources/Builtin/Storage/Db.php (insert_rows()). */
		$link = (bool) apply_filters( 'monsterinsights_reports_async_writes', true ) ? self::mysqli() : null;
		if ( null === $link ) {
			self::query( $template, $args );
			return;
		}
		self::send( $link, self::sql( $template, $args ) );
	}

	/**
	 * Rows as associative arrays.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @return array<int, array<string, string|null>>
	 */
	public static function rows( string $template, array $args = array() ): array {
		global $wpdb;
		self::reap();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- Custom tables; the SQL is prepared by self::sql().
		$rows = $wpdb->get_results( self::sql( $template, $args ), ARRAY_A );
		self::check( '' !== (string) $wpdb->last_error );
		return is_array( $rows ) ? $rows : array();
	}

	/**
	 * Rows as lists of values in column order, for the aggregation's large reads. On MySQL and
	 * MariaDB the statement goes through $wpdb's own connection (same session, same transaction,
	 * the `query` filter applied as $wpdb applies it) and the rows are fetched in one call: $wpdb
	 * builds an object per row and then an array from it, which costs more than the query itself
	 * for the thousands of rows a day's rollups read. Elsewhere (SQLite) it is $wpdb->get_results().
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @return array<int, array<int, string|null>>
	 * @throws \RuntimeException When the database reports an error.
	 */
	public static function lists( string $template, array $args = array() ): array {
		global $wpdb;
		self::reap();
		$link = self::mysqli();
		if ( null === $link ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- Custom tables; the SQL is prepared by self::sql().
			$rows = $wpdb->get_results( self::sql( $template, $args ), 'ARRAY_N' );
			self::check( '' !== (string) $wpdb->last_error );
			return is_array( $rows ) ? $rows : array();
		}
		/** This filter is documented in wp-includes/class-wpdb.php */
		$sql    = (string) apply_filters( 'query', self::sql( $template, $args ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as $wpdb applies it.
		$result = mysqli_query( $link, $sql ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query -- $wpdb's connection; see above.
		if ( ! $result instanceof \mysqli_result ) {
			throw new \RuntimeException( esc_html( 'Database error: ' . mysqli_error( $link ) ) ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_error -- As above.
		}
		$rows = mysqli_fetch_all( $result, MYSQLI_NUM ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_fetch_all -- As above.
		mysqli_free_result( $result ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_free_result -- As above.
		return $rows;
	}

	/**
	 * Rows as lists of values (lists()), with every column but the text ones as an integer. On
	 * MySQL and MariaDB the driver (mysqlnd) makes them (MYSQLI_OPT_INT_AND_FLOAT_NATIVE, set on $wpdb's
	 * connection for this one statement and unset before anything else runs on it), so the
	 * aggregation's reads of a day's rows need no PHP loop over every value; elsewhere they are
	 * cast here. A column that can be NULL stays NULL on MySQL and MariaDB: read only NOT NULL
	 * integer columns and text columns this way.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @param int[]            $text     Positions of the text columns (0-based).
	 * @return array<int, array<int, int|string>>
	 * @throws \RuntimeException When the database reports an error.
	 */
	public static function int_lists( string $template, array $args = array(), array $text = array() ): array {
		$link = self::mysqli();
		// The option is mysqlnd's (PHP's default MySQL driver); a build on libmysqlclient lacks it.
		if ( null !== $link && defined( 'MYSQLI_OPT_INT_AND_FLOAT_NATIVE' ) ) {
			self::reap();
			if ( mysqli_options( $link, MYSQLI_OPT_INT_AND_FLOAT_NATIVE, 1 ) ) { // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_options -- $wpdb's connection, for this statement only (unset below).
				try {
					/**
					 * Integer columns arrive as integers, text columns as strings.
					 *
					 * @var array<int, array<int, int|string>> $rows
					 */
					$rows = self::lists( $template, $args );
				} finally {
					mysqli_options( $link, MYSQLI_OPT_INT_AND_FLOAT_NATIVE, 0 ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_options -- As above.
				}
				return $rows;
			}
		}
		$text = array_fill_keys( $text, true );
		$rows = array();
		foreach ( self::lists( $template, $args ) as $row ) {
			foreach ( $row as $i => $value ) {
				$row[ $i ] = isset( $text[ $i ] ) ? (string) $value : (int) $value;
			}
			$rows[] = $row;
		}
		return $rows;
	}


	/**
	 * An index hint that makes MySQL and MariaDB read a table through one of its indexes ('' on
	 * other databases, whose planners do not take it). For a lookup of many values in an index
	 * whose statistics mislead: sessions.visitor_next is 0 for nearly every row, so its statistics
	 * promise hundreds of rows a value and a scan of the table looks cheaper than the lookups.
	 *
	 * @param string $index An index of the table (an identifier of this plugin).
	 */
	public static function force_index( string $index ): string {
		return null === self::mysqli() ? '' : ' FORCE INDEX (' . $index . ')';
	}

	/**
	 * $wpdb's MySQLi connection, or null when it has none (SQLite).
	 */
	private static function mysqli(): ?\mysqli {
		global $wpdb;
		// wpdb keeps its connection protected and reads it out through __get() for compatibility.
		$link = $wpdb instanceof \wpdb ? $wpdb->__get( 'dbh' ) : null;
		return $link instanceof \mysqli ? $link : null;
	}

	/**
	 * The first column of every row.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 * @return string[]
	 */
	public static function col( string $template, array $args = array() ): array {
		global $wpdb;
		self::reap();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- Custom tables; the SQL is prepared by self::sql().
		$col = $wpdb->get_col( self::sql( $template, $args ) );
		self::check( '' !== (string) $wpdb->last_error );
		return array_map( 'strval', $col );
	}

	/**
	 * One value, or null.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 */
	public static function value( string $template, array $args = array() ): ?string {
		global $wpdb;
		self::reap();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- Custom tables; the SQL is prepared by self::sql().
		$value = $wpdb->get_var( self::sql( $template, $args ) );
		self::check( '' !== (string) $wpdb->last_error );
		return null === $value ? null : (string) $value;
	}

	/**
	 * Inserts many rows with one statement.
	 *
	 * The values are escaped as $wpdb->prepare() escapes them, one by one: an integer is written as
	 * it is, any other value goes through esc_sql() (the same escaping prepare() applies to a %s
	 * argument), once per distinct value of the statement, and is quoted. prepare() itself is not used here because its cost grows with the whole statement:
	 * for the aggregation's 2,000-row inserts it took seven times longer than the escaping alone
	 * (about 23 µs a row), and the aggregation writes a row per hit.
	 *
	 * With $async on MySQL and MariaDB, the statement is sent and not waited for: the database
	 * executes it while PHP goes on (the aggregation computes its next rows meanwhile). Its answer is
	 * reaped, and an error it met thrown, before the next statement on the connection: every method
	 * here reaps first, and $wpdb's `query` filter does for any other query. So statements still run
	 * one after another, in order, in the caller's transaction.
	 *
	 * On the SQLite Database Integration the rows are written by insert_sqlite() instead, at once,
	 * with SQLite's own prepared statements (they do not pass $wpdb's `query` filter).
	 *
	 * @param string                        $table   A table of Tables::TABLES (without prefix).
	 * @param string[]                      $columns Column names (identifiers of this plugin).
	 * @param array<int, array<int, mixed>> $rows    Values, in column order.
	 * @param bool                          $ignore  INSERT IGNORE: rows whose unique key exists are skipped.
	 * @param string[]                      $update  Columns an existing row (same unique key) takes from the new one.
	 * @param bool                          $async   Send it without waiting for it (see above).
	 * @return int Rows affected (0 when sent without waiting).
	 * @throws \RuntimeException When the database reports an error (of this statement, or of one sent before it without waiting).
	 */
	public static function insert_rows( string $table, array $columns, array $rows, bool $ignore = false, array $update = array(), bool $async = false ): int {
		if ( array() === $rows ) {
			return 0;
		}
		$pdo = self::on_sqlite();
		if ( null !== $pdo ) {
			return self::insert_sqlite( $pdo, Tables::table( $table ), $columns, $rows, $ignore, $update );
		}
		$sql = self::insert_sql( $table, $columns, $rows, $ignore, $update, $async );
		global $wpdb;
		/**
		 * Filters whether the aggregation's writes may be sent without waiting for them (MySQLi's
		 * asynchronous queries on $wpdb's connection), so that the database writes while PHP
		 * computes. A `wpdb` drop-in whose connection cannot take them turns it off.
		 *
		 * @param bool $async Default true.
		 */
		$link = $async && (bool) apply_filters( 'monsterinsights_reports_async_writes', true ) ? self::mysqli() : null;
		if ( null !== $link ) {
			self::send( $link, $sql );
			return 0;
		}
		self::reap();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- Every value is escaped above, as prepare() would.
		$result = $wpdb->query( $sql );
		self::check( false === $result );
		return (int) $result;
	}

	/**
	 * The INSERT statement of insert_rows() for MySQL and MariaDB (and the SQLite integration's
	 * translation), with every value escaped as $wpdb->prepare() escapes it.
	 *
	 * @param string                        $table   A table of Tables::TABLES (without prefix).
	 * @param string[]                      $columns Column names (identifiers of this plugin).
	 * @param array<int, array<int, mixed>> $rows    Values, in column order.
	 * @param bool                          $ignore  INSERT IGNORE.
	 * @param string[]                      $update  Columns of ON DUPLICATE KEY UPDATE.
	 * @param bool                          $pump    Whether statements sent before without waiting are moved on while it is built.
	 */
	public static function insert_sql( string $table, array $columns, array $rows, bool $ignore = false, array $update = array(), bool $pump = false ): string {
		$values = array();
		// Text values repeat from row to row (days, names, mediums): each is escaped once.
		$escaped = array();
		foreach ( $rows as $index => $row ) {
			// While statements sent before this one are out, the next of them goes when one ends.
			if ( $pump && 0 === $index % 128 ) {
				self::pump();
			}
			$cells = array();
			foreach ( $row as $value ) {
				$cells[] = is_int( $value ) ? $value : ( $escaped[ (string) $value ] ??= "'" . esc_sql( (string) $value ) . "'" );
			}
			$values[] = '(' . implode( ',', $cells ) . ')';
		}
		$sql = ( $ignore ? 'INSERT IGNORE INTO ' : 'INSERT INTO ' ) . self::sql( '{' . $table . '}' ) . ' (' . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values );
		if ( array() !== $update ) {
			$sql .= ' ON DUPLICATE KEY UPDATE ' . implode(
				',',
				array_map(
					static fn( string $column ): string => $column . '=VALUES(' . $column . ')',
					$update
				)
			);
		}
		return $sql;
	}

	// phpcs:disable WordPress.DB.RestrictedClasses.mysql__PDO -- The SQLite integration's own connection: see insert_sqlite().

	/**
	 * The SQLite connection under $wpdb when the site runs on the SQLite Database Integration
	 * (WordPress Playground, WordPress Studio; version 3's MySQL-on-SQLite driver); null on MySQL
	 * and MariaDB, and with any other `wpdb`.
	 */
	public static function on_sqlite(): ?\PDO {
		global $wpdb;
		if ( ! is_object( $wpdb ) || ! method_exists( $wpdb, 'get_driver' ) ) {
			return null;
		}
		try {
			$driver = $wpdb->get_driver();
		} catch ( \Throwable $error ) {
			// Not connected.
			return null;
		}
		$connection = is_object( $driver ) && method_exists( $driver, 'get_connection' ) ? $driver->get_connection() : null;
		$pdo        = is_object( $connection ) && method_exists( $connection, 'get_pdo' ) ? $connection->get_pdo() : null;
		return $pdo instanceof \PDO && 'sqlite' === $pdo->getAttribute( \PDO::ATTR_DRIVER_NAME ) ? $pdo : null;
	}

	/**
	 * Writes insert_rows()' rows on SQLite, with SQLite's own prepared statements on the
	 * integration's connection (in the caller's transaction, which the integration opened on it).
	 *
	 * The integration translates each MySQL statement by parsing it whole in PHP, which costs about
	 * as much per value as SQLite's work: in WordPress Playground (PHP compiled to WebAssembly) a
	 * 200-row insert of sessions took over a second. Here nothing is parsed per value and the
	 * values are bound, never escaped. The semantics are MySQL's: `INSERT OR IGNORE` for INSERT
	 * IGNORE, `ON CONFLICT DO UPDATE SET c = excluded.c` (any unique key, as ON DUPLICATE KEY)
	 * for $update; integers are bound as integers and every other value as text, which the
	 * column's type converts as the translated statement's quoted literal is converted.
	 * DbSqliteTest writes the plugin's tables both ways through the integration's driver and
	 * compares them value by value and type by type.
	 *
	 * @param \PDO                          $pdo     The SQLite connection (on_sqlite()).
	 * @param string                        $table   The table's full name.
	 * @param string[]                      $columns Column names (identifiers of this plugin).
	 * @param array<int, array<int, mixed>> $rows    Values, in column order.
	 * @param bool                          $ignore  Rows whose unique key exists are skipped.
	 * @param string[]                      $update  Columns an existing row (same unique key) takes from the new one.
	 * @return int Rows inserted or updated.
	 * @throws \RuntimeException When SQLite reports an error.
	 */
	public static function insert_sqlite( \PDO $pdo, string $table, array $columns, array $rows, bool $ignore = false, array $update = array() ): int {
		$quote = static fn( string $name ): string => '"' . str_replace( '"', '""', $name ) . '"';
		$head  = ( $ignore ? 'INSERT OR IGNORE INTO ' : 'INSERT INTO ' ) . $quote( $table ) . ' (' . implode( ',', array_map( $quote, $columns ) ) . ') VALUES ';
		$tail  = array() === $update ? '' : ' ON CONFLICT DO UPDATE SET ' . implode(
			',',
			array_map( static fn( string $column ): string => $quote( $column ) . '=excluded.' . $quote( $column ), $update )
		);
		$row   = '(' . implode( ',', array_fill( 0, count( $columns ), '?' ) ) . ')';
		// Rows per statement within SQLite's limit on bound values (32,766 since 3.32; the
		// integration needs 3.37).
		$per        = max( 1, min( 1000, intdiv( 32766, max( 1, count( $columns ) ) ) ) );
		$statements = array();
		$affected   = 0;
		try {
			foreach ( array_chunk( $rows, $per ) as $chunk ) {
				$count     = count( $chunk );
				$statement = $statements[ $count ] ??= $pdo->prepare( $head . implode( ',', array_fill( 0, $count, $row ) ) . $tail );
				if ( false === $statement ) {
					throw new \RuntimeException( 'The statement could not be prepared.' );
				}
				$position = 0;
				foreach ( $chunk as $values ) {
					foreach ( $values as $value ) {
						if ( is_int( $value ) ) {
							$statement->bindValue( ++$position, $value, \PDO::PARAM_INT );
						} else {
							$statement->bindValue( ++$position, (string) $value, \PDO::PARAM_STR );
						}
					}
				}
				if ( ! $statement->execute() ) {
					throw new \RuntimeException( (string) ( $statement->errorInfo()[2] ?? 'unknown' ) );
				}
				$affected += $statement->rowCount();
			}
		} catch ( \PDOException | \RuntimeException $error ) {
			throw new \RuntimeException( esc_html( 'Database error: ' . $error->getMessage() ) );
		}
		return $affected;
	}

	// phpcs:enable WordPress.DB.RestrictedClasses.mysql__PDO

	/**
	 * Sends a statement without waiting for it: at once when none is out, else after those queued
	 * before it.
	 *
	 * @param \mysqli $link The connection.
	 * @param string  $sql  The statement.
	 * @throws \RuntimeException When it cannot be sent.
	 */
	private static function send( \mysqli $link, string $sql ): void {
		self::$sending = true;
		try {
			/** This filter is documented in wp-includes/class-wpdb.php */
			$sql = (string) apply_filters( 'query', $sql ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as $wpdb applies it.
		} finally {
			self::$sending = false;
		}
		if ( self::$pending ) {
			self::$queue[] = $sql;
			return;
		}
		self::dispatch( $link, $sql );
	}

	/**
	 * Sends a statement without waiting for it; none may be out.
	 *
	 * @param \mysqli $link The connection.
	 * @param string  $sql  The statement, filtered.
	 * @throws \RuntimeException When it cannot be sent.
	 */
	private static function dispatch( \mysqli $link, string $sql ): void {
		try {
			$sent = mysqli_query( $link, $sql, MYSQLI_ASYNC ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query -- $wpdb's connection; see lists().
		} catch ( \mysqli_sql_exception $error ) {
			$sent = false;
		}
		if ( false === $sent ) {
			self::$pending = false;
			self::$queue   = array();
			remove_filter( 'query', array( self::class, 'reap_before' ), PHP_INT_MIN );
			throw new \RuntimeException( esc_html( 'Database error: ' . mysqli_error( $link ) ) ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_error -- As above.
		}
		if ( ! self::$pending ) {
			self::$pending = true;
			add_filter( 'query', array( self::class, 'reap_before' ), PHP_INT_MIN );
		}
	}

	/**
	 * Waits for every statement sent without waiting, in order, and throws the first error met
	 * (the statements queued after it are dropped: the caller's transaction rolls back).
	 *
	 * @throws \RuntimeException With the database's message.
	 */
	public static function reap(): void {
		while ( self::$pending ) {
			self::reap_one();
		}
	}

	/**
	 * Between two pieces of PHP work: when the statement out is answered, sends the next one
	 * queued, so that the database works through a chunk's writes while PHP computes, not only
	 * during the last one; the same on the second connection (Beside). Never waits.
	 *
	 * @throws \RuntimeException With the database's message.
	 */
	public static function pump(): void {
		Beside::pump();
		if ( ! self::$pending || array() === self::$queue ) {
			return;
		}
		$link = self::mysqli();
		if ( null === $link ) {
			return;
		}
		$read   = array( $link );
		$errors = array( $link );
		$reject = array();
		if ( 0 < (int) mysqli_poll( $read, $errors, $reject, 0, 0 ) ) { // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_poll -- $wpdb's connection; see lists().
			self::reap_one();
		}
	}

	/**
	 * Waits for the statement out, then sends the next one queued, if any.
	 *
	 * @throws \RuntimeException With the database's message.
	 */
	private static function reap_one(): void {
		$link = self::mysqli();
		if ( null === $link ) {
			self::$pending = false;
			self::$queue   = array();
			remove_filter( 'query', array( self::class, 'reap_before' ), PHP_INT_MIN );
			return;
		}
		try {
			$result = mysqli_reap_async_query( $link ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_reap_async_query -- $wpdb's connection; see lists().
			$error  = false === $result ? mysqli_error( $link ) : ''; // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_error -- As above.
		} catch ( \mysqli_sql_exception $exception ) {
			$result = false;
			$error  = $exception->getMessage();
		}
		if ( $result instanceof \mysqli_result ) {
			mysqli_free_result( $result ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_free_result -- As above.
		}
		if ( false !== $result && array() !== self::$queue ) {
			self::dispatch( $link, (string) array_shift( self::$queue ) );
			return;
		}
		self::$pending = false;
		self::$queue   = array();
		remove_filter( 'query', array( self::class, 'reap_before' ), PHP_INT_MIN );
		if ( false === $result ) {
			throw new \RuntimeException( esc_html( 'Database error: ' . ( '' !== $error ? $error : 'unknown' ) ) );
		}
	}

	/**
	 * On `query` while a statement is out: reaps it before $wpdb runs another.
	 *
	 * @param string $query The next query.
	 * @return string
	 */
	public static function reap_before( $query ) {
		if ( ! self::$sending ) {
			self::reap();
		}
		return $query;
	}

	/**
	 * Runs $work in a transaction: committed when it returns, rolled back when it throws.
	 *
	 * When the caller already holds a transaction (the filter says so; the PHPUnit harness wraps
	 * every test in one), a SAVEPOINT stands in for it: START TRANSACTION would commit the outer one.
	 * Nested calls use savepoints too.
	 *
	 * @template T
	 * @param callable():T $work The work.
	 * @return T
	 * @throws \Throwable Whatever $work throws, after the rollback.
	 */
	public static function transaction( callable $work ) {
		/**
		 * Filters whether the builtin tables are written inside a transaction the caller owns, in
		 * which case savepoints are used instead of START TRANSACTION / COMMIT.
		 *
		 * @param bool $nested Default false.
		 */
		$nested = array() !== self::$savepoints || (bool) apply_filters( 'monsterinsights_reports_nested_transaction', false );
		$name   = 'mir_sp_' . count( self::$savepoints );
		self::query( $nested ? 'SAVEPOINT ' . $name : 'START TRANSACTION' );
		self::$savepoints[] = $nested ? $name : '';
		try {
			$result = $work();
			// A statement $work sent without waiting is part of the transaction: its error rolls back.
			self::reap();
		} catch ( \Throwable $error ) {
			array_pop( self::$savepoints );
			self::rollback( $nested ? $name : '' );
			throw $error;
		}
		array_pop( self::$savepoints );
		self::query( $nested ? 'RELEASE SAVEPOINT ' . $name : 'COMMIT' );
		return $result;
	}

	/**
	 * Rolls back, never throwing (the original error matters more).
	 *
	 * @param string $savepoint The savepoint, or '' for the whole transaction.
	 */
	private static function rollback( string $savepoint ): void {
		global $wpdb;
		try {
			self::reap();
		} catch ( \RuntimeException $error ) { // phpcs:ignore Generic.CodeAnalysis.EmptyStatement.DetectedCatch -- Rolled back below; the original error matters more.
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- A constant statement.
		$wpdb->query( '' === $savepoint ? 'ROLLBACK' : 'ROLLBACK TO SAVEPOINT ' . $savepoint );
	}

	/**
	 * Expands the table tokens and binds the values.
	 *
	 * @param string           $template SQL with {table} tokens and placeholders.
	 * @param array<int,mixed> $args     Values for the placeholders.
	 */
	public static function sql( string $template, array $args = array() ): string {
		global $wpdb;
		$sql = (string) preg_replace_callback(
			'/\{([a-z_]+)\}/',
			static fn( array $m ): string => '`' . Tables::table( $m[1] ) . '`',
			$template
		);
		if ( array() === $args ) {
			return $sql;
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- The template is a constant of this plugin; table names are expanded above.
		return (string) $wpdb->prepare( $sql, $args );
	}

	/**
	 * Throws the database's error.
	 *
	 * @param bool $failed Whether the last call failed.
	 * @throws \RuntimeException With the database's message.
	 */
	private static function check( bool $failed ): void {
		global $wpdb;
		if ( $failed ) {
			throw new \RuntimeException( esc_html( 'Database error: ' . ( '' !== (string) $wpdb->last_error ? $wpdb->last_error : 'unknown' ) ) );
		}
	}
}
