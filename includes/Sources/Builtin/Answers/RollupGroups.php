<?php
/**
 * The groups a Query's dimensions read from the daily session rollups (the form and media
 * metrics' groups are InteractionGroups').
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Sources\Builtin\Answers;

use MonsterInsights\Reports\Query\DateRange;
use MonsterInsights\Reports\Query\Dimension;
use MonsterInsights\Reports\Query\Metric;
use MonsterInsights\Reports\Query\Query;
use MonsterInsights\Reports\Reports\CountryNames;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Acquisition;
use MonsterInsights\Reports\Sources\Builtin\Aggregation\Rollups;
use MonsterInsights\Reports\Sources\Builtin\Storage\Db;

defined( 'ABSPATH' ) || exit;

/**
 * A group is a set of dimension values with their counters summed over the range, at the grain of
 * the rollup that has them (so filters on its other dimensions apply before RollupAnswers merges
 * the groups into the asked dimensions). Each set of dimensions is read from one rollup table.
 */
final class RollupGroups {

	/**
	 * Counter columns every session-based rollup has.
	 */
	private const SESSION_COUNTERS = array( 'sessions', 'visitors', 'new_visitors', 'pageviews', 'bounces', 'engaged_sessions', 'duration_sum' );

	/**
	 * The metrics the shop's orders answer (ShopGroups).
	 */
	private const SHOP_METRICS = array( Metric::ECOMMERCE_PURCHASES, Metric::TOTAL_REVENUE, Metric::AVERAGE_REVENUE_PER_USER, Metric::AVERAGE_PURCHASE_REVENUE, Metric::FIRST_TIME_PURCHASERS );

	/**
	 * The session rollups and the dimensions each answers: dimension → SQL expression over the
	 * rollup (alias r), its join, and the arguments of the expressions' placeholders. A query's dimensions are
	 * answered by the first table that has them all; the country's name is added in PHP.
	 */
	private const ROLLUP_DIMENSIONS = array(
		'rollup_devices'   => array(
			'dimensions' => array(
				Dimension::DEVICE_CATEGORY  => 'r.device_category',
				Dimension::BROWSER          => 'r.browser',
				Dimension::OPERATING_SYSTEM => 'r.os',
			),
			'join'       => '',
			'args'       => array(),
		),
		'rollup_countries' => array(
			'dimensions' => array(
				Dimension::COUNTRY_ID => 'r.country',
				Dimension::COUNTRY    => 'r.country',
			),
			'join'       => '',
			'args'       => array(),
		),
		'rollup_regions'   => array(
			'dimensions' => array(
				Dimension::COUNTRY_ID => 'r.country',
				Dimension::COUNTRY    => 'r.country',
				Dimension::REGION     => 'r.region',
			),
			'join'       => '',
			'args'       => array(),
		),
		'rollup_sources'   => array(
			'dimensions' => array(
				Dimension::SESSION_SOURCE  => 'CASE WHEN s.name IS NULL THEN %s ELSE s.name END',
				Dimension::SESSION_MEDIUM  => 'r.medium',
				Dimension::SESSION_CHANNEL => 'r.channel',
			),
			'join'       => 'LEFT JOIN {sources} s ON s.id = r.source_id',
			'args'       => array( Acquisition::DIRECT_SOURCE ),
		),
		'rollup_campaigns' => array(
			'dimensions' => array(
				Dimension::SESSION_CAMPAIGN => 'c.name',
			),
			'join'       => 'JOIN {campaigns} c ON c.id = r.campaign_id',
			'args'       => array(),
		),
	);

	/**
	 * The groups a query's metrics and dimensions need: form and media metrics come from their
	 * rollups (InteractionRollups), everything else from the session rollups.
	 *
	 * @param Query     $query The query.
	 * @param DateRange $range The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a combination no rollup answers.
	 */
	public function groups_for( Query $query, DateRange $range ): array {
		if ( array() !== array_intersect( $query->metrics, Metric::FORM_METRICS ) ) {
			return ( new InteractionGroups() )->forms( $query->dimensions, $range );
		}
		if ( array() !== array_intersect( $query->metrics, Metric::MEDIA_METRICS ) ) {
			return ( new InteractionGroups() )->media( $query->dimensions, $range );
		}
		$shop = array_values( array_unique( array_merge( $query->dimensions, array_map( static fn( $filter ) => $filter->dimension, $query->filters ) ) ) );
		// The eCommerce funnel: users by step, from the shop's events and orders (ShopEventGroups).
		if ( in_array( Metric::ACTIVE_USERS, $query->metrics, true ) || in_array( Dimension::FUNNEL_STEP, $shop, true ) ) {
			if ( ! ShopEventGroups::answers_funnel( $shop ) || array() !== array_diff( $query->metrics, array( Metric::ACTIVE_USERS ) ) ) {
				throw new \InvalidArgumentException( 'The builtin source counts active users by funnel step only, broken down by channel or country.' );
			}
			return ShopEventGroups::funnel( $shop, $range );
		}
		// By a coupon or the time to purchase: the orders alone (no session has those).
		if ( array() !== array_intersect( $shop, ShopGroups::ONLY ) ) {
			if ( ! ShopGroups::answers( $shop ) ) {
				throw new \InvalidArgumentException( 'The builtin source has no such combination of order dimensions.' );
			}
			return ShopGroups::groups( $shop, $range );
		}
		$items  = array() !== array_intersect( $query->metrics, Metric::ITEM_METRICS );
		$events = array() !== array_intersect( $query->metrics, Metric::SHOP_EVENT_METRICS );
		// Products: the shop's order lines and steps, by product (no session counters by product).
		if ( $items || in_array( Dimension::ITEM_NAME, $shop, true ) ) {
			if ( ! ShopGroups::answers_items( $shop ) || ! ShopEventGroups::answers( $shop ) ) {
				throw new \InvalidArgumentException( 'The builtin source counts products by product and day only.' );
			}
			return array_merge( ShopGroups::items( $shop, $range ), $events ? ShopEventGroups::events( $shop, $range ) : array() );
		}
		if ( $events && ! ShopEventGroups::answers( $shop ) ) {
			throw new \InvalidArgumentException( 'The builtin source counts cart and checkout events by day only.' );
		}
		$groups = array() === array_diff( $query->metrics, Metric::SHOP_EVENT_METRICS ) ? array() : $this->groups( $query->dimensions, $range );
		// Purchases and revenue come from the shop's orders, by the same dimension values.
		if ( array() !== array_intersect( $query->metrics, self::SHOP_METRICS ) && ShopGroups::answers( $shop ) ) {
			$groups = array_merge( $groups, ShopGroups::groups( $shop, $range ) );
		}
		// Cart and checkout events, by nothing or by day (ShopEventGroups).
		if ( $events ) {
			$groups = array_merge( $groups, ShopEventGroups::events( $shop, $range ) );
		}
		return $groups;
	}

	/**
	 * Groups of dimension values with their summed counters, at the rollup's own grain (so filters
	 * on its other dimensions apply before the groups merge into the asked dimensions).
	 *
	 * @param string[]  $dimensions The query's dimensions.
	 * @param DateRange $range      The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a combination no rollup answers.
	 */
	private function groups( array $dimensions, DateRange $range ): array {
		$args = array( $range->start_ymd(), $range->end_ymd() );
		$set  = $dimensions;
		sort( $set );
		$sum = static fn( array $columns, string $alias = '' ): string => implode(
			', ',
			array_map( static fn( $c ) => 'SUM(' . ( '' !== $alias ? $alias . '.' : '' ) . $c . ') AS ' . $c, $columns )
		);

		switch ( implode( ',', $set ) ) {
			case '':
				$rows = Db::rows( 'SELECT ' . $sum( self::SESSION_COUNTERS ) . ', SUM(new_sessions) AS new_sessions FROM {rollup_site} WHERE day BETWEEN %s AND %s', $args );
				return GroupRows::of( $rows, array() );

			case Dimension::DATE:
				$rows = Db::rows( 'SELECT day AS date, ' . $sum( self::SESSION_COUNTERS ) . ' FROM {rollup_site} WHERE day BETWEEN %s AND %s GROUP BY day', $args );
				return GroupRows::of( $rows, array( Dimension::DATE => 'date' ) );

			case Dimension::DAY_OF_WEEK:
			case Dimension::HOUR:
				return $this->time_groups( $dimensions[0], $args );

			case Dimension::NEW_VS_RETURNING:
				return $this->new_vs_returning( $args );

			case Dimension::LANDING_PAGE:
			case Dimension::LANDING_PAGE . ',' . Dimension::PAGE_TITLE:
			case Dimension::PAGE_PATH:
			case Dimension::PAGE_PATH . ',' . Dimension::PAGE_TITLE:
				return $this->page_groups( in_array( Dimension::LANDING_PAGE, $dimensions, true ), $args );

			case Dimension::LINK_KIND:
			case Dimension::LINK_URL:
			case Dimension::LINK_KIND . ',' . Dimension::LINK_URL:
				return $this->link_groups( $args );

			case Dimension::AUTHOR:
			case Dimension::POST_TYPE:
			case Dimension::CATEGORY:
			case Dimension::TAGS:
			case Dimension::PUBLISHED_AT:
				return $this->object_groups( $dimensions[0], $args );

			case Dimension::LOGGED_IN:
			case Dimension::USER_ROLE:
				return $this->role_groups( $dimensions[0], $args );
		}
		return $this->rollup_groups( $dimensions, $args );
	}

	/**
	 * Groups from the one rollup table of ROLLUP_DIMENSIONS that has every asked dimension, at
	 * that table's whole grain: every dimension it has is selected and grouped by.
	 *
	 * @param string[]                    $dimensions The query's dimensions.
	 * @param array{0: string, 1: string} $args First and last day.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 * @throws \InvalidArgumentException For a combination no rollup answers.
	 */
	private function rollup_groups( array $dimensions, array $args ): array {
		foreach ( self::ROLLUP_DIMENSIONS as $table => $shape ) {
			if ( array() !== array_diff( $dimensions, array_keys( $shape['dimensions'] ) ) ) {
				continue;
			}
			$select  = array();
			$aliases = array();
			foreach ( array_values( array_unique( $shape['dimensions'] ) ) as $i => $expression ) {
				$select[]               = $expression . ' AS k' . $i;
				$aliases[ $expression ] = 'k' . $i;
			}
			$map = array();
			foreach ( $shape['dimensions'] as $dimension => $expression ) {
				$map[ $dimension ] = $aliases[ $expression ];
			}
			list( $from, $from_args ) = Rollups::from( $table, $args[0], $args[1] );
			$counters                 = implode( ', ', array_map( static fn( string $c ): string => 'SUM(r.' . $c . ') AS ' . $c, self::SESSION_COUNTERS ) );
			$rows                     = Db::rows(
				'SELECT ' . implode( ', ', $select ) . ', ' . $counters . ' FROM ' . $from . ' r ' . $shape['join']
				. ' GROUP BY ' . implode( ', ', array_values( $aliases ) ),
				array_merge( $shape['args'], $from_args )
			);
			// A group that sums to zero is a value seen only outside the range (Rollups::from()).
			$groups = array_values( array_filter( GroupRows::of( $rows, $map ), static fn( array $group ): bool => array() !== array_filter( $group['counters'] ) ) );
			if ( isset( $shape['dimensions'][ Dimension::COUNTRY ] ) ) {
				foreach ( $groups as $i => $group ) {
					$groups[ $i ]['dimensions'][ Dimension::COUNTRY ] = CountryNames::name( $group['dimensions'][ Dimension::COUNTRY_ID ] );
				}
			}
			return $groups;
		}
		throw new \InvalidArgumentException( esc_html( 'The builtin source cannot group by: ' . implode( ', ', $dimensions ) ) );
	}

	/**
	 * Page groups: by landing page (sessions are entrances) or by page path (sessions are the
	 * sessions that landed there too, the closest the rollup keeps).
	 *
	 * @param bool               $landing Whether grouping by landing page.
	 * @param array<int, string> $args Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function page_groups( bool $landing, array $args ): array {
		// Grouped by path id alone, then joined to the paths: the join touches one row per page.
		list( $from, $from_args ) = Rollups::from( 'rollup_pages', $args[0], $args[1] );
		$rows                     = Db::rows(
			'SELECT p.path AS path, p.object_id AS object_id, t.pageviews, t.page_visitors, t.sessions, t.visitors, t.bounces, t.engaged_sessions, t.duration_sum, t.entrance_pageviews, t.new_entrances, t.exits FROM ('
			. 'SELECT r.path_id, SUM(r.pageviews) AS pageviews, SUM(r.visitors) AS page_visitors,'
			. ' SUM(r.entrances) AS sessions, SUM(r.entrance_visitors) AS visitors, SUM(r.bounces) AS bounces,'
			. ' SUM(r.engaged_sessions) AS engaged_sessions, SUM(r.duration_sum) AS duration_sum,'
			. ' SUM(r.entrance_pageviews) AS entrance_pageviews, SUM(r.new_entrances) AS new_entrances, SUM(r.exits) AS exits'
			. ' FROM ' . $from . ' r GROUP BY r.path_id'
			. ( $landing ? ' HAVING SUM(r.entrances) > 0' : '' )
			. ') t JOIN {paths} p ON p.id = t.path_id',
			$from_args
		);
		// One query for every title instead of one per page.
		$objects = array_values( array_unique( array_filter( array_map( static fn( array $row ): int => (int) $row['object_id'], $rows ) ) ) );
		if ( array() !== $objects ) {
			_prime_post_caches( $objects, false, false );
		}
		$groups = array();
		foreach ( $rows as $row ) {
			if ( 0 === (int) $row['pageviews'] && 0 === (int) $row['sessions'] && 0 === (int) $row['exits'] ) {
				// Seen only outside the range (Rollups::from()).
				continue;
			}
			$path      = (string) $row['path'];
			$object_id = (int) $row['object_id'];
			$title     = $object_id > 0 ? html_entity_decode( get_the_title( $object_id ), ENT_QUOTES, 'UTF-8' ) : '';
			$counters  = GroupRows::counters( $row, array( 'path', 'object_id' ) );
			// Session metrics of a page are those of the sessions that landed on it; its new users
			// are its new visitors' sessions. As a landing page, its page views are its sessions'.
			$counters['new_visitors'] = $counters['new_entrances'];
			if ( $landing ) {
				$counters['pageviews'] = $counters['entrance_pageviews'];
			} else {
				$counters['visitors'] = $counters['page_visitors'];
			}
			unset( $counters['page_visitors'], $counters['entrance_pageviews'], $counters['new_entrances'] );
			$groups[] = array(
				'dimensions' => array(
					Dimension::LANDING_PAGE => $path,
					Dimension::PAGE_PATH    => $path,
					Dimension::PAGE_TITLE   => $title,
				),
				'counters'   => $counters,
			);
		}
		return $groups;
	}

	/**
	 * Link clicks by kind (outbound, affiliate, download) and URL (LinkRollups): `events` are the
	 * clicks, `sessions` the sessions that clicked (summed over the days). Grouped by link id
	 * before the join, so two URLs one collation would fold stay apart.
	 *
	 * @param array<int, string> $args Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function link_groups( array $args ): array {
		$rows = Db::rows(
			'SELECT t.kind AS kind, l.url AS url, t.events, t.sessions FROM ('
			. 'SELECT r.kind, r.link_id, SUM(r.clicks) AS events, SUM(r.sessions) AS sessions'
			. ' FROM {rollup_links} r WHERE r.day BETWEEN %s AND %s GROUP BY r.kind, r.link_id'
			. ') t JOIN {links} l ON l.id = t.link_id',
			$args
		);
		return GroupRows::of(
			$rows,
			array(
				Dimension::LINK_KIND => 'kind',
				Dimension::LINK_URL  => 'url',
			)
		);
	}

	/**
	 * Page views by a property of the post each page is (the `object_id` the collector kept: a
	 * published post's id at the time of the view): its author's display name, its post type, each
	 * of its categories, each of its tags (a post in two counts in both), or the month it was
	 * published (Y-m, site time). Page views are summed by path in the rollups and by post in one
	 * statement; the posts, their terms and their authors are then read in batches (no query per
	 * row). Posts deleted since count nowhere; pages that are no post count nowhere.
	 *
	 * @param string             $dimension One of the post dimensions.
	 * @param array<int, string> $args      Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function object_groups( string $dimension, array $args ): array {
		list( $from, $from_args ) = Rollups::from( 'rollup_pages', $args[0], $args[1] );
		$rows                     = Db::rows(
			'SELECT p.object_id AS object_id, SUM(t.pageviews) AS pageviews FROM ('
			. 'SELECT r.path_id, SUM(r.pageviews) AS pageviews FROM ' . $from . ' r GROUP BY r.path_id'
			. ') t JOIN {paths} p ON p.id = t.path_id WHERE p.object_id > 0 GROUP BY p.object_id',
			$from_args
		);
		$views                    = array();
		foreach ( $rows as $row ) {
			if ( (int) $row['pageviews'] > 0 ) {
				$views[ (int) $row['object_id'] ] = (int) $row['pageviews'];
			}
		}
		if ( array() === $views ) {
			return array();
		}
		$terms = array(
			Dimension::CATEGORY => 'category',
			Dimension::TAGS     => 'post_tag',
		);
		// Posts (and, for categories and tags, their term relationships) in a few queries.
		_prime_post_caches( array_keys( $views ), isset( $terms[ $dimension ] ), false );
		$posts = array();
		foreach ( array_keys( $views ) as $id ) {
			$post = get_post( $id );
			if ( $post instanceof \WP_Post ) {
				$posts[ $id ] = $post;
			}
		}
		if ( Dimension::AUTHOR === $dimension ) {
			cache_users( array_values( array_unique( array_map( static fn( \WP_Post $post ): int => (int) $post->post_author, $posts ) ) ) );
		}
		$by_value = array();
		foreach ( $posts as $id => $post ) {
			$values = array();
			switch ( $dimension ) {
				case Dimension::AUTHOR:
					$author = get_userdata( (int) $post->post_author );
					if ( $author instanceof \WP_User ) {
						$values[] = html_entity_decode( $author->display_name, ENT_QUOTES, 'UTF-8' );
					}
					break;
				case Dimension::POST_TYPE:
					$values[] = $post->post_type;
					break;
				case Dimension::PUBLISHED_AT:
					$values[] = substr( $post->post_date, 0, 7 );
					break;
				default:
					$found = get_the_terms( $post, $terms[ $dimension ] );
					foreach ( is_array( $found ) ? $found : array() as $term ) {
						$values[] = html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' );
					}
			}
			foreach ( array_unique( $values ) as $value ) {
				$by_value[ $value ] = ( $by_value[ $value ] ?? 0 ) + $views[ $id ];
			}
		}
		$groups = array();
		foreach ( $by_value as $value => $count ) {
			$groups[] = array(
				'dimensions' => array( $dimension => (string) $value ),
				'counters'   => array( 'pageviews' => $count ),
			);
		}
		return $groups;
	}

	/**
	 * Page views by the visitor's login state at the time ("true" / "false") or role (its slug;
	 * '' when not logged in, "-" for a user without a role on the site), from rollup_roles.
	 *
	 * @param string             $dimension LOGGED_IN or USER_ROLE.
	 * @param array<int, string> $args      Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function role_groups( string $dimension, array $args ): array {
		$rows   = Db::rows( 'SELECT role, SUM(pageviews) AS pageviews FROM {rollup_roles} WHERE day BETWEEN %s AND %s GROUP BY role', $args );
		$groups = array();
		foreach ( $rows as $row ) {
			$role     = (string) $row['role'];
			$groups[] = array(
				'dimensions' => array( $dimension => Dimension::LOGGED_IN === $dimension ? ( '' === $role ? 'false' : 'true' ) : $role ),
				'counters'   => array( 'pageviews' => (int) $row['pageviews'] ),
			);
		}
		return $groups;
	}

	/**
	 * The range's scroll depth (LinkRollups) added to the totals' group: `scroll_views` page views
	 * (a session on a page) that scrolled, `depth_sum` the deepest percent each reached.
	 *
	 * @param array<int, array{dimensions: array<string, string>, counters: array<string, int>}> $groups The totals' group, if any.
	 * @param DateRange                                                                          $range  The range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	public function with_scroll( array $groups, DateRange $range ): array {
		$row                                   = Db::rows( 'SELECT SUM(views) AS scroll_views, SUM(depth_sum) AS depth_sum FROM {rollup_scroll} WHERE day BETWEEN %s AND %s', array( $range->start_ymd(), $range->end_ymd() ) )[0] ?? array();
		$groups                                = array() === $groups ? array(
			array(
				'dimensions' => array(),
				'counters'   => array(),
			),
		) : $groups;
		$groups[0]['counters']['scroll_views'] = (int) ( $row['scroll_views'] ?? 0 );
		$groups[0]['counters']['depth_sum']    = (int) ( $row['depth_sum'] ?? 0 );
		return $groups;
	}

	/**
	 * Page views and sessions by hour of day or day of week (0 = Sunday, site time).
	 *
	 * @param string             $dimension hour or dayOfWeek.
	 * @param array<int, string> $args      Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function time_groups( string $dimension, array $args ): array {
		if ( Dimension::HOUR === $dimension ) {
			$rows = Db::rows( 'SELECT hour AS k, SUM(pageviews) AS pageviews, SUM(sessions) AS sessions FROM {rollup_hours} WHERE day BETWEEN %s AND %s GROUP BY hour', $args );
			return GroupRows::of( $rows, array( Dimension::HOUR => 'k' ) );
		}
		// Weekdays are computed in PHP: MySQL and SQLite number them differently.
		$rows   = Db::rows( 'SELECT day, SUM(pageviews) AS pageviews, SUM(sessions) AS sessions FROM {rollup_hours} WHERE day BETWEEN %s AND %s GROUP BY day', $args );
		$by_day = array();
		foreach ( $rows as $row ) {
			$weekday = gmdate( 'w', (int) strtotime( (string) $row['day'] . ' 00:00:00 UTC' ) );
			foreach ( array( 'pageviews', 'sessions' ) as $counter ) {
				$by_day[ $weekday ][ $counter ] = ( $by_day[ $weekday ][ $counter ] ?? 0 ) + (int) $row[ $counter ];
			}
		}
		$groups = array();
		foreach ( $by_day as $weekday => $counters ) {
			$groups[] = array(
				'dimensions' => array( Dimension::DAY_OF_WEEK => (string) $weekday ),
				'counters'   => $counters,
			);
		}
		return $groups;
	}

	/**
	 * Sessions and visitors split into new and returning.
	 *
	 * @param array<int, string> $args Range.
	 * @return array<int, array{dimensions: array<string, string>, counters: array<string, int>}>
	 */
	private function new_vs_returning( array $args ): array {
		$rows = Db::rows( 'SELECT SUM(sessions) AS sessions, SUM(new_sessions) AS new_sessions, SUM(visitors) AS visitors, SUM(new_visitors) AS new_visitors FROM {rollup_site} WHERE day BETWEEN %s AND %s', $args );
		$row  = $rows[0] ?? array();
		if ( (int) ( $row['sessions'] ?? 0 ) === 0 ) {
			return array();
		}
		return array(
			array(
				'dimensions' => array( Dimension::NEW_VS_RETURNING => 'new' ),
				'counters'   => array(
					'sessions' => (int) $row['new_sessions'],
					'visitors' => (int) $row['new_visitors'],
				),
			),
			array(
				'dimensions' => array( Dimension::NEW_VS_RETURNING => 'returning' ),
				'counters'   => array(
					'sessions' => (int) $row['sessions'] - (int) $row['new_sessions'],
					'visitors' => (int) $row['visitors'] - (int) $row['new_visitors'],
				),
			),
		);
	}
}
