<?php
/**
 * The google source: report Queries answered by GA4's Data API.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Google;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Query\RealtimeQuery;
use MonsterInsights\Reports\Query\Result;
use MonsterInsights\Reports\Sources\AnswersMetrics;
use MonsterInsights\Reports\Sources\FindsExceptions;
use MonsterInsights\Reports\Sources\HasCurrency;
use MonsterInsights\Reports\Sources\MeasuresSpeed;
use MonsterInsights\Reports\Sources\Prefetches;
use MonsterInsights\Reports\Sources\ReadsSearchConsole;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- A GoogleError is never printed: the REST routes answer its kind and text as JSON (GoogleError::to_wp_error()).

/**
 * Each Query is asked in its parts (Ga4Query) for its range and compare range: one runReport, or
 * batchRunReports of up to five; requests that differ only in their range are one request of
 * several date ranges (Ga4Ranges); a report's requests are asked together beforehand (prefetch()).
 * The eCommerce funnel is GA4's funnel report (Ga4Funnel), real time its realtime report
 * (Ga4Realtime). Answers are cached per request (Cache): a range that includes today briefly,
 * others for hours; when Google's quota is used up Google is left alone for a while and the last
 * answers are served, and the source says so (stale()). It shares nothing with the builtin source
 * but the Query model and the Source interface. It also reads the connection's Search Console site
 * (ReadsSearchConsole, SearchConsole).
 *
 * What GA4 cannot answer: exits and entrances (no such metrics: 0; AnswersMetrics says so, and
 * the scroll depth and video watch time likewise), the days and the sessions to a purchase (no
 * such dimensions: no rows), a custom dimension the property has not registered (supports(), from
 * its metadata), real-time traffic sources, paths and regions (empty), real-time minutes before
 * the 29th (absent). A link's kind is GA4's click and file_download events (Ga4Events); forms and
 * videos are counted from their events likewise.
 *
 * Site Speed comes from PageSpeed Insights (PageSpeed): Lighthouse's lab run of the front page per
 * device, whatever the range; Run Audit runs it afresh.
 *
 * Exceptions are found in GA4's daily numbers by the same detector and rules as on the builtin
 * source (Ga4Exceptions, Analysis\Exceptions).
 */
final class GoogleSource implements Source, Prefetches, ReadsSearchConsole, MeasuresSpeed, AnswersMetrics, FindsExceptions, HasCurrency {

	public const KEY = 'google';

	/**
	 * The most requests a batchRunReports holds.
	 */
	public const BATCH = 5;

	/**
	 * How many of the most viewed pages' titles name landing pages.
	 */
	public const TITLED = 1000;

	/**
	 * Its client, made on first use.
	 *
	 * @var Client|null
	 */
	private ?Client $client = null;

	/**
	 * Builds it.
	 *
	 * @param Connection|null $connection The connection (the current site's without one).
	 */
	public function __construct( private ?Connection $connection = null ) {
	}

	/**
	 * The source's key.
	 */
	public function key(): string {
		return self::KEY;
	}

	/**
	 * The connection it reads.
	 */
	public function connection(): Connection {
		$this->connection = $this->connection ?? Connection::current();
		return $this->connection;
	}

	/**
	 * The GA4 property's currency (its Admin API settings, read when the property was chosen), or
	 * '' when the connection does not know it.
	 */
	public function currency(): string {
		$code = strtoupper( $this->connection()->get()['currency'] );
		return 1 === preg_match( '/^[A-Z]{3}$/', $code ) ? $code : '';
	}

	/**
	 * Connected once it can sign in and has a property (a connection that needs re-auth still is:
	 * its reports answer with the re-auth state).
	 */
	public function is_connected(): bool {
		return $this->connection()->is_complete();
	}

	/**
	 * Answers a query: its parts (Ga4Query::parts()) for its range and its compare range in one
	 * runReport, or in batches of five; the funnel with runFunnelReport. A query by a dimension GA4
	 * has no value for (the days and sessions to a purchase, a link's kind) answers no rows, without
	 * asking.
	 *
	 * @param Query $query The query.
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	public function run( Query $query ): Result {
		if ( ! $this->answers( $query ) ) {
			return self::nothing( $query );
		}
		if ( Ga4Funnel::is_funnel( $query ) ) {
			return Ga4Funnel::result( $this->cached( 'runFunnelReport', Ga4Funnel::request( $query ) ), $query );
		}
		if ( in_array( Dimension::LANDING_PAGE, $query->dimensions, true ) && in_array( Dimension::PAGE_TITLE, $query->dimensions, true ) ) {
			return $this->with_titles( $query );
		}
		return $this->report( $query );
	}

	/**
	 * Whether GA4 knows every dimension a query groups or filters by.
	 *
	 * @param Query $query The query.
	 */
	private function answers( Query $query ): bool {
		if ( Ga4Funnel::is_funnel( $query ) ) {
			return Ga4Funnel::supports( $query );
		}
		// A link kind is a filter of GA4's events (Ga4Events::link_kind()), not a dimension it has.
		$filtered = array_filter( $query->filters, static fn( $filter ): bool => Dimension::LINK_KIND !== $filter->dimension );
		foreach ( array_merge( $query->dimensions, array_map( static fn( $filter ): string => $filter->dimension, $filtered ) ) as $dimension ) {
			if ( ! $this->supports( $dimension ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A query's answer without rows.
	 *
	 * @param Query $query The query.
	 */
	private static function nothing( Query $query ): Result {
		$zeros = array_fill_keys( $query->metrics, 0 );
		return new Result( array(), $zeros, null === $query->compare ? null : new Result( array(), $zeros ) );
	}

	/**
	 * A query's parts for its ranges, merged per range. A range that ends before GA4's first day
	 * is not asked.
	 *
	 * @param Query $query The query.
	 */
	private function report( Query $query ): Result {
		$parts   = Ga4Query::parts( $query );
		$answers = $this->reports( $this->requests( $query ) );
		$results = array();
		foreach ( array_keys( self::ranges( $query ) ) as $r ) {
			$pairs = array();
			foreach ( $parts as $i => $part ) {
				$pairs[] = array( $part, $answers[ $r * count( $parts ) + $i ] ?? array() );
			}
			$results[] = Ga4Query::merge( $query, $pairs );
		}
		return isset( $results[1] ) ? new Result( $results[0]->rows, $results[0]->totals, $results[1] ) : $results[0];
	}

	/**
	 * A query's ranges: its range, and its compare range when it has one.
	 *
	 * @param Query $query The query.
	 * @return list<\MonsterInsights\Reports\Query\DateRange>
	 */
	private static function ranges( Query $query ): array {
		return null === $query->compare ? array( $query->range ) : array( $query->range, $query->compare );
	}

	/**
	 * A query's RunReportRequests: each part for each range (keyed range × parts + part), but
	 * those of a range that ends before GA4's first day.
	 *
	 * @param Query $query The query.
	 * @return array<int, array<string, mixed>>
	 */
	private function requests( Query $query ): array {
		$parts    = Ga4Query::parts( $query );
		$requests = array();
		foreach ( self::ranges( $query ) as $r => $range ) {
			if ( $range->end_ymd() < Ga4Query::FIRST_DAY ) {
				continue;
			}
			foreach ( $parts as $i => $part ) {
				$requests[ $r * count( $parts ) + $i ] = Ga4Query::request( $query, $range, $part, 0 === $i );
			}
		}
		return $requests;
	}

	/**
	 * RunReportRequests' answers, by the requests' keys: each from the cache, else from Google (one
	 * alone as a runReport, more in batches of five), else — when the quota is used up, or Google is
	 * being left alone after that — its last answer.
	 *
	 * @param array<int, array<string, mixed>> $requests The requests.
	 * @return array<int, array<string, mixed>>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	private function reports( array $requests ): array {
		$answers = array();
		$missing = array();
		foreach ( $requests as $i => $request ) {
			$fresh = Cache::fresh( $this->cache_key( 'runReport', $request ) );
			if ( null === $fresh ) {
				$missing[ $i ] = $request;
			} else {
				$answers[ $i ] = $fresh;
			}
		}
		try {
			if ( array() !== $missing && Cache::backing_off() ) {
				throw GoogleError::because( GoogleError::QUOTA );
			}
			foreach ( $this->ask( $missing ) as $i => $answer ) {
				Cache::store( $this->cache_key( 'runReport', $missing[ $i ] ), $answer, self::ttl( $missing[ $i ] ) );
				$answers[ $i ] = $answer;
			}
		} catch ( GoogleError $error ) {
			foreach ( $missing as $i => $request ) {
				$answers[ $i ] = Cache::fallback( $this->cache_key( 'runReport', $request ), $error );
			}
		}
		return $answers;
	}

	/**
	 * Asks Google RunReportRequests: those that differ only in their range as one request of
	 * several ranges (Ga4Ranges), then one request alone as a runReport, more in batches of five.
	 *
	 * @param array<int, array<string, mixed>> $requests The requests.
	 * @return array<int, array<string, mixed>> The answers by the requests' keys.
	 * @throws GoogleError When Google cannot answer.
	 */
	private function ask( array $requests ): array {
		if ( array() === $requests ) {
			return array();
		}
		$joined = Ga4Ranges::join( $requests );
		$asked  = array_map( static fn( array $one ): array => $one['request'], $joined );
		if ( 1 === count( $asked ) ) {
			$answers = array( $this->client()->data( 'runReport', $asked[0] ) );
		} else {
			$answers = array();
			foreach ( array_chunk( $asked, self::BATCH ) as $batch ) {
				$answer  = $this->client()->data( 'batchRunReports', array( 'requests' => $batch ) );
				$reports = is_array( $answer['reports'] ?? null ) ? array_values( $answer['reports'] ) : array();
				if ( count( $reports ) !== count( $batch ) ) {
					throw GoogleError::because( GoogleError::MALFORMED );
				}
				foreach ( $reports as $report ) {
					$answers[] = is_array( $report ) ? $report : array();
				}
			}
		}
		Quota::observe( $answers );
		$out = array();
		foreach ( $joined as $n => $one ) {
			foreach ( Ga4Ranges::split( $answers[ $n ] ?? array(), count( $one['keys'] ) ) as $r => $answer ) {
				$out[ $one['keys'][ $r ] ] = $answer;
			}
		}
		return $out;
	}

	/**
	 * Asks Google, in as few batches as it allows, what a report will ask (each request once,
	 * those not cached yet), so that its build finds them in the cache: the report is built once
	 * against a source that only writes its queries down (QueryRecorder). A query that depends on
	 * another's answer or that is no runReport (the funnel) is asked later, by itself. Errors are
	 * left to the build.
	 *
	 * @param callable $build Builds the report with a source.
	 * @phpstan-param callable(Source): mixed $build
	 */
	public function prefetch( callable $build ): void {
		$recorder = new QueryRecorder( $this );
		try {
			$build( $recorder );
		} catch ( \Throwable $e ) {
			unset( $e );
		}
		$missing = array();
		foreach ( $recorder->queries() as $query ) {
			if ( ! $this->answers( $query ) || Ga4Funnel::is_funnel( $query ) ) {
				continue;
			}
			$requests = array();
			if ( in_array( Dimension::LANDING_PAGE, $query->dimensions, true ) && in_array( Dimension::PAGE_TITLE, $query->dimensions, true ) ) {
				$requests[] = self::titles_request( $query );
				$query      = self::without_titles( $query );
			}
			foreach ( array_merge( $this->requests( $query ), $requests ) as $request ) {
				$key = $this->cache_key( 'runReport', $request );
				if ( ! isset( $missing[ $key ] ) && null === Cache::fresh( $key ) ) {
					$missing[ $key ] = $request;
				}
			}
		}
		if ( count( $missing ) < 2 || Cache::backing_off() ) {
			return;
		}
		try {
			$answers = $this->ask( array_values( $missing ) );
		} catch ( GoogleError $error ) {
			unset( $error );
			return;
		}
		foreach ( array_values( $missing ) as $i => $request ) {
			Cache::store( $this->cache_key( 'runReport', $request ), $answers[ $i ] ?? array(), self::ttl( $request ) );
		}
	}

	/**
	 * The cache key of a request.
	 *
	 * @param string               $method The method.
	 * @param array<string, mixed> $body   The body.
	 */
	private function cache_key( string $method, array $body ): string {
		// A new connection (connected_at) asks afresh.
		$settings = $this->connection()->get();
		return $settings['property'] . '|' . $settings['connected_at'] . '|' . $method . '|' . wp_json_encode( $body );
	}

	/**
	 * How long a request's answer stays fresh: briefly when a range includes today.
	 *
	 * @param array<string, mixed> $body The request.
	 */
	private static function ttl( array $body ): int {
		$today = wp_date( 'Y-m-d' );
		foreach ( is_array( $body['dateRanges'] ?? null ) ? $body['dateRanges'] : array() as $range ) {
			if ( is_array( $range ) && (string) ( $range['endDate'] ?? '' ) >= $today ) {
				return Cache::SHORT;
			}
		}
		return Cache::LONG;
	}

	/**
	 * A query by landing page and page title. GA4's pageTitle is a page view's, so asked with the
	 * landing page it would split a landing page's sessions by every title seen in them: the
	 * landing pages are asked alone, and each one's title is its most viewed pageTitle as a
	 * pagePath in the range (one more request, of the TITLED most viewed pages: a landing page
	 * beyond them shows its path, as one without a title does).
	 *
	 * @param Query $query The query.
	 */
	private function with_titles( Query $query ): Result {
		$result = $this->report( self::without_titles( $query ) );
		$titles = $this->titles( $query );
		$named  = static function ( Result $of ) use ( $query, $titles ): array {
			$rows = array();
			foreach ( $of->rows as $row ) {
				$row['dimensions'][ Dimension::PAGE_TITLE ] = $titles[ $row['dimensions'][ Dimension::LANDING_PAGE ] ?? '' ] ?? '';
				$dimensions                                 = array();
				foreach ( $query->dimensions as $dimension ) {
					$dimensions[ $dimension ] = $row['dimensions'][ $dimension ] ?? '';
				}
				$rows[] = array(
					'dimensions' => $dimensions,
					'metrics'    => $row['metrics'],
				);
			}
			return $rows;
		};
		return new Result( $named( $result ), $result->totals, null === $result->compare ? null : new Result( $named( $result->compare ), $result->compare->totals ) );
	}

	/**
	 * A query without its page title.
	 *
	 * @param Query $query The query.
	 */
	private static function without_titles( Query $query ): Query {
		return new Query(
			$query->metrics,
			array_values( array_diff( $query->dimensions, array( Dimension::PAGE_TITLE ) ) ),
			$query->range,
			$query->compare,
			$query->filters,
			array_values( array_filter( $query->order_by, static fn( array $order ): bool => Dimension::PAGE_TITLE !== $order['field'] ) ),
			$query->limit
		);
	}

	/**
	 * The request of the pages' titles over a query's range: the most viewed pages (TITLED of
	 * them) with their titles, by views. It depends on no other answer, so prefetch() asks it with
	 * the report's other requests.
	 *
	 * @param Query $query The query.
	 * @return array<string, mixed>
	 */
	private static function titles_request( Query $query ): array {
		return array(
			'dateRanges'          => array(
				array(
					'startDate' => max( Ga4Query::FIRST_DAY, $query->range->start_ymd() ),
					'endDate'   => $query->range->end_ymd(),
				),
			),
			'dimensions'          => array( array( 'name' => 'pagePath' ), array( 'name' => 'pageTitle' ) ),
			'metrics'             => array( array( 'name' => 'screenPageViews' ) ),
			'orderBys'            => array(
				array(
					'metric' => array( 'metricName' => 'screenPageViews' ),
					'desc'   => true,
				),
			),
			'limit'               => self::TITLED,
			'returnPropertyQuota' => true,
		);
	}

	/**
	 * The most viewed title of each of the most viewed pages over a query's range.
	 *
	 * @param Query $query The query.
	 * @return array<string, string>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	private function titles( Query $query ): array {
		$answer = $this->reports( array( self::titles_request( $query ) ) )[0] ?? array();
		$titles = array();
		foreach ( is_array( $answer['rows'] ?? null ) ? $answer['rows'] : array() as $row ) {
			$path  = (string) ( $row['dimensionValues'][0]['value'] ?? '' );
			$title = Ga4Query::dimension_value( Dimension::PAGE_TITLE, (string) ( $row['dimensionValues'][1]['value'] ?? '' ) );
			if ( ! isset( $titles[ $path ] ) && '' !== $title ) {
				$titles[ $path ] = $title;
			}
		}
		return $titles;
	}

	/**
	 * Answers a real-time query with runRealtimeReport.
	 *
	 * @param RealtimeQuery $query The query.
	 * @throws GoogleError When Google cannot answer.
	 */
	public function run_realtime( RealtimeQuery $query ): Result {
		if ( ! Ga4Realtime::answers( $query ) ) {
			return new Result( array(), array_fill_keys( $query->metrics, 0 ) );
		}
		return Ga4Realtime::result( $this->client()->data( 'runRealtimeReport', Ga4Realtime::request( $query ) ), $query );
	}

	/**
	 * A page of the range's exceptions, found in GA4's daily numbers (Ga4Exceptions).
	 *
	 * @param DateRange $range    The range.
	 * @param int       $page     Page, from 1.
	 * @param int       $per_page Rows a page.
	 * @return array{rows: list<array{id: int, day: string, category: string, metric: string, label: string, direction: int, value: float, expected: float, recurring: bool}>, total: int}
	 * @throws GoogleError When GA4 cannot answer and nothing was found before.
	 */
	public function exceptions( DateRange $range, int $page, int $per_page ): array {
		return ( new Ga4Exceptions( $this ) )->page( $range, $page, $per_page );
	}

	/**
	 * Deletes an exception for good (Ga4Exceptions).
	 *
	 * @param int $id The exception's id.
	 */
	public function delete_exception( int $id ): bool {
		return ( new Ga4Exceptions( $this ) )->delete( $id );
	}

	/**
	 * The lab figures of PageSpeed's last run of each device (a run now when none is kept); a lab
	 * run has no range.
	 *
	 * @param DateRange $range The range (unused).
	 * @return array{desktop: array<string, mixed>, mobile: array<string, mixed>}
	 * @throws GoogleError When PageSpeed cannot answer.
	 */
	public function vitals( DateRange $range ): array {
		$pagespeed = new PageSpeed( $this->connection() );
		return array(
			'desktop' => PageSpeed::vitals( $pagespeed->answer( 'desktop' ) ),
			'mobile'  => PageSpeed::vitals( $pagespeed->answer( 'mobile' ) ),
		);
	}

	/**
	 * The root document's response time of PageSpeed's last run of a device, and when it ran.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|null
	 * @throws GoogleError When PageSpeed cannot answer.
	 */
	public function last_audit( string $device ): ?array {
		return PageSpeed::audit( ( new PageSpeed( $this->connection() ) )->answer( $device ) );
	}

	/**
	 * Runs PageSpeed on a device afresh (Run Audit); its answer replaces the kept one.
	 *
	 * @param string $device desktop or mobile.
	 * @return array{server_response_time: float, at: int}|\WP_Error
	 */
	public function run_audit( string $device ): array|\WP_Error {
		try {
			$audit = PageSpeed::audit( ( new PageSpeed( $this->connection() ) )->answer( $device, true ) );
		} catch ( GoogleError $error ) {
			return $error->to_wp_error();
		}
		return $audit ?? GoogleError::because( GoogleError::MALFORMED )->to_wp_error();
	}

	/**
	 * The GA4 standard report that shows each report's list in full, by report and list: the
	 * Overview's countries (demographic details), referrals (traffic acquisition) and top pages (the
	 * landing pages); the eCommerce report's products (ecommerce purchases by item; GA4 has no days
	 * nor sessions to purchase, so those lists have no rows and no link); the Publishers' landing
	 * pages, and its outbound links, affiliate links and downloads (their click and file_download
	 * events, in the events report; GA4 has no exit pages); the forms (their events).
	 */
	private const GA4_REPORTS = array(
		'overview'  => array(
			'countries' => 'user-demographics-detail',
			'referrals' => 'lifecycle-traffic-acquisition-v2',
			'topposts'  => 'landing-page',
		),
		'ecommerce' => array(
			'products' => 'ecomm-product',
		),
		'publisher' => array(
			'landingpages'   => 'landing-page',
			'outboundlinks'  => 'top-events',
			'affiliatelinks' => 'top-events',
			'downloadlinks'  => 'top-events',
		),
		'forms'     => array(
			'forms' => 'top-events',
		),
	);

	/**
	 * Where Google shows a report's lists in full: the Search Console performance report for the
	 * search queries, GA4's standard reports (GA4_REPORTS) in the property's web UI for the others;
	 * none without a property or Search Console site, nor for other reports.
	 *
	 * @param string $report The report.
	 * @return array<string, string>
	 */
	public function links( string $report ): array {
		if ( 'queries' === $report ) {
			$site = $this->search_console_site();
			return '' === $site ? array() : array( 'queries' => SearchConsole::report_url( $site ) );
		}
		$property = $this->connection()->get()['property'];
		if ( '' === $property || ! isset( self::GA4_REPORTS[ $report ] ) ) {
			return array();
		}
		$base = 'https://analytics.google.com/analytics/web/#/p' . rawurlencode( $property ) . '/reports/explorer?r=';
		return array_map( static fn( string $id ): string => $base . $id, self::GA4_REPORTS[ $report ] );
	}

	/**
	 * Changes every five minutes and with the connection (its property and Search Console site), so
	 * report caches follow the source's.
	 */
	public function data_version(): string {
		$settings = $this->connection()->get();
		return 'g' . $settings['property'] . '.' . $settings['connected_at'] . '.' . (int) floor( time() / Cache::SHORT ) . ( '' !== $settings['sc_site'] ? '.' . substr( md5( $settings['sc_site'] ), 0, 8 ) : '' );
	}

	/**
	 * The connection's Search Console site, or '' while none is chosen.
	 */
	public function search_console_site(): string {
		return $this->search_console()->site();
	}

	/**
	 * The range's top search queries on the connection's Search Console site.
	 *
	 * @param DateRange $range The range.
	 * @param int       $limit Queries at most.
	 * @return list<array{query: string, clicks: int, impressions: int, ctr: float, position: float}>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	public function search_queries( DateRange $range, int $limit ): array {
		return $this->search_console()->queries( $range, $limit );
	}

	/**
	 * The dimensions GA4 has; a custom dimension only once the property has registered it.
	 *
	 * @param string $dimension A Query\Dimension name.
	 * @throws GoogleError When a custom dimension's metadata cannot be read.
	 */
	public function supports( string $dimension ): bool {
		if ( Dimension::FUNNEL_STEP === $dimension ) {
			return true;
		}
		$name = Ga4Query::DIMENSIONS[ $dimension ] ?? null;
		if ( null === $name ) {
			return false;
		}
		return ! str_starts_with( $name, 'custom' ) || in_array( $name, $this->custom_dimensions(), true );
	}

	/**
	 * The custom dimensions the property has registered (customEvent:…, customUser:…), from the
	 * Data API's metadata, kept for hours.
	 *
	 * @return list<string>
	 * @throws GoogleError When Google cannot answer.
	 */
	public function custom_dimensions(): array {
		$property = $this->connection()->get()['property'];
		$url      = Endpoints::url( 'data', '/v1beta/properties/' . rawurlencode( $property ) . '/metadata' );
		$metadata = Cache::remember( $property . '|metadata', Cache::LONG, fn(): array => $this->client()->get( $url ) );
		$out      = array();
		foreach ( is_array( $metadata['dimensions'] ?? null ) ? $metadata['dimensions'] : array() as $dimension ) {
			if ( is_array( $dimension ) && ! empty( $dimension['customDefinition'] ) && is_string( $dimension['apiName'] ?? null ) ) {
				$out[] = $dimension['apiName'];
			}
		}
		return $out;
	}

	/**
	 * The metrics GA4 measures: its own, and the counts of events (Ga4Events). Not exits (the Data
	 * API has none) nor the average scroll depth (GA4 only records scrolls past 90 %).
	 *
	 * @param string $metric A Query\Metric name.
	 */
	public function answers_metric( string $metric ): bool {
		return isset( Ga4Query::METRICS[ $metric ] ) || Ga4Events::knows( $metric );
	}

	/**
	 * Whether the last answer came from the cache because Google's quota was used up.
	 */
	public static function stale(): bool {
		return Cache::$stale;
	}

	/**
	 * A Data API answer, from the cache or from Google.
	 *
	 * @param string               $method The method.
	 * @param array<string, mixed> $body   The body.
	 * @return array<string, mixed>
	 * @throws GoogleError When Google cannot answer and no earlier answer is kept.
	 */
	private function cached( string $method, array $body ): array {
		return Cache::remember( $this->cache_key( $method, $body ), self::ttl( $body ), fn(): array => $this->client()->data( $method, $body ) );
	}

	/**
	 * The Search Console reader.
	 */
	private function search_console(): SearchConsole {
		return new SearchConsole( $this->client() );
	}

	/**
	 * The client.
	 */
	private function client(): Client {
		$this->client = $this->client ?? new Client( $this->connection() );
		return $this->client;
	}
}
