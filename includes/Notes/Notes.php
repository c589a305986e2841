<?php
/**
 * Site notes: a private post type dated by its post_date, with an important flag and medias.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Notes;

use MonsterInsights\Reports\Query\DateRange;

use MonsterInsights\Reports\Reports\SafeUrl;

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes notes (docs/product-rules.md#site-notes). A note's day is its post's post_date,
 * site-local at 00:00:00; its title is plain text; its status is publish or trash.
 */
final class Notes {

	public const POST_TYPE = 'monsterinsights_note';

	/**
	 * Post meta: '1' when the note is important, '0' otherwise.
	 */
	public const META_IMPORTANT = 'important';

	/**
	 * Post meta: the attachment ids, a list of ints.
	 */
	public const META_MEDIAS = 'medias';

	/**
	 * The days a note may have (inclusive).
	 */
	public const EARLIEST = DateRange::EARLIEST;
	public const LATEST   = '2099-12-31';

	/**
	 * Longest title, in characters.
	 */
	public const MAX_TITLE = 255;

	/**
	 * The statuses a note can have.
	 */
	public const STATUSES = array( 'publish', 'trash' );

	/**
	 * Changes whenever a note or a category changes; part of the report cache key.
	 */
	public const VERSION_OPTION = 'monsterinsights_reports_notes_version';

	/**
	 * The note with this id; null when there is none, or the post is not a note.
	 *
	 * @param int $id The post id.
	 */
	public static function get( int $id ): ?\WP_Post {
		if ( $id <= 0 ) {
			return null;
		}
		$post = get_post( $id );
		if ( ! $post instanceof \WP_Post || self::POST_TYPE !== $post->post_type || ! in_array( $post->post_status, self::STATUSES, true ) ) {
			return null;
		}
		return $post;
	}

	/**
	 * A strict Y-m-d day between EARLIEST and LATEST, at midnight in the site's timezone; null
	 * otherwise (malformed, not a real day, out of bounds).
	 *
	 * @param mixed $value The value.
	 */
	public static function parse_date( $value ): ?\DateTimeImmutable {
		if ( ! is_string( $value ) || ! preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ) {
			return null;
		}
		$day = \DateTimeImmutable::createFromFormat( '!Y-m-d', $value, wp_timezone() );
		if ( false === $day || $day->format( 'Y-m-d' ) !== $value ) {
			return null;
		}
		if ( $value < self::EARLIEST || $value > self::LATEST ) {
			return null;
		}
		return $day;
	}

	/**
	 * A title as the user meant it: plain text on one line — valid UTF-8, control characters and
	 * line breaks turned into spaces, runs of spaces collapsed, trimmed. Angle brackets stay: a
	 * title is text, never markup, so `<b>` is shown as the four characters it is. It is stored
	 * HTML-encoded (see encode_title()) and every output escapes or renders it as text.
	 *
	 * @param mixed $value The value.
	 */
	public static function clean_title( $value ): string {
		$text = wp_check_invalid_utf8( is_scalar( $value ) ? (string) $value : '', true );
		$text = (string) preg_replace( '/[\x00-\x1F\x7F]+/u', ' ', $text );
		return trim( (string) preg_replace( '/ {2,}/', ' ', $text ) );
	}

	/**
	 * A category name: sanitize_text_field() (no tags, no line breaks, trimmed), as WordPress
	 * treats term names.
	 *
	 * @param mixed $value The value.
	 */
	public static function clean_name( $value ): string {
		return sanitize_text_field( is_scalar( $value ) ? (string) $value : '' );
	}

	/**
	 * A clean title as stored in post_title: HTML-encoded, so no markup reaches the database and
	 * kses has nothing to strip; title_text() gives the exact text back.
	 *
	 * @param string $title The clean title.
	 */
	public static function encode_title( string $title ): string {
		return htmlspecialchars( $title, ENT_QUOTES | ENT_HTML5, 'UTF-8', true );
	}

	/**
	 * A stored title as the text the user typed.
	 *
	 * @param string $stored The post_title.
	 */
	public static function title_text( string $stored ): string {
		return html_entity_decode( $stored, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}

	/**
	 * Text stored HTML-encoded (titles, term names) as plain text, without tags.
	 *
	 * @param string $stored The stored text.
	 */
	public static function plain( string $stored ): string {
		return wp_strip_all_tags( html_entity_decode( $stored, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	}

	/**
	 * A note's day, Y-m-d.
	 *
	 * @param \WP_Post $post The note.
	 */
	public static function ymd( \WP_Post $post ): string {
		return substr( $post->post_date, 0, 10 );
	}

	/**
	 * Unix time of 00:00 of a day in a timezone.
	 *
	 * @param string        $ymd The day.
	 * @param \DateTimeZone $tz  The timezone.
	 */
	public static function midnight( string $ymd, \DateTimeZone $tz ): int {
		return ( new \DateTimeImmutable( $ymd, $tz ) )->setTime( 0, 0 )->getTimestamp();
	}

	/**
	 * Whether a note is important.
	 *
	 * @param int $post_id The note.
	 */
	public static function is_important( int $post_id ): bool {
		return in_array( get_post_meta( $post_id, self::META_IMPORTANT, true ), array( '1', 1, true ), true );
	}

	/**
	 * A note's attachment ids.
	 *
	 * @param int $post_id The note.
	 * @return int[]
	 */
	public static function media_ids( int $post_id ): array {
		$ids = get_post_meta( $post_id, self::META_MEDIAS, true );
		return is_array( $ids ) ? self::clean_ids( $ids ) : array();
	}

	/**
	 * Positive unique ints, in their order.
	 *
	 * @param array<mixed> $ids The values.
	 * @return int[]
	 */
	public static function clean_ids( array $ids ): array {
		$ids = array_map( 'intval', array_filter( $ids, 'is_numeric' ) );
		return array_values( array_unique( array_filter( $ids, static fn( int $id ) => $id > 0 ) ) );
	}

	/**
	 * The ids that are not attachments.
	 *
	 * @param int[] $ids Attachment ids.
	 * @return int[]
	 */
	public static function missing_media( array $ids ): array {
		_prime_post_caches( $ids, false, false );
		return array_values( array_filter( $ids, static fn( int $id ) => 'attachment' !== get_post_type( $id ) ) );
	}

	/**
	 * The note entity of the REST routes.
	 *
	 * @param \WP_Post $post The note.
	 * @return array<string, mixed>
	 */
	public static function to_array( \WP_Post $post ): array {
		$ymd = self::ymd( $post );
		return array(
			'id'            => (int) $post->ID,
			'note_title'    => self::title_text( $post->post_title ),
			'note_date'     => (string) wp_date( (string) get_option( 'date_format' ), self::midnight( $ymd, wp_timezone() ) ),
			'note_date_ymd' => $ymd,
			'important'     => self::is_important( $post->ID ),
			'category'      => Categories::ref( Categories::of_note( $post->ID ) ),
			'medias'        => self::medias( self::media_ids( $post->ID ) ),
			'status'        => 'trash' === $post->post_status ? 'trash' : 'publish',
		);
	}

	/**
	 * The attachments that still exist, described.
	 *
	 * @param int[] $ids Attachment ids.
	 * @return array<int, array{id: int, url: string, title: string, mime_type: string, thumbnail: string}>
	 */
	private static function medias( array $ids ): array {
		if ( array() === $ids ) {
			return array();
		}
		_prime_post_caches( $ids, false, true );
		$out = array();
		foreach ( $ids as $id ) {
			$attachment = get_post( $id );
			if ( ! $attachment instanceof \WP_Post || 'attachment' !== $attachment->post_type ) {
				continue;
			}
			$thumbnail = wp_get_attachment_image_url( $id, 'thumbnail' );
			$out[]     = array(
				'id'        => $id,
				'url'       => SafeUrl::of( set_url_scheme( (string) wp_get_attachment_url( $id ) ) ),
				'title'     => self::plain( $attachment->post_title ),
				'mime_type' => (string) $attachment->post_mime_type,
				'thumbnail' => is_string( $thumbnail ) ? SafeUrl::of( set_url_scheme( $thumbnail ) ) : '',
			);
		}
		return $out;
	}

	/**
	 * WP_Query arguments of the filters every notes query shares.
	 *
	 * @param string      $status    publish or trash.
	 * @param string|null $start     First day, Y-m-d, or null.
	 * @param string|null $end       Last day, Y-m-d, or null.
	 * @param string      $search    Words of the title; '' for all.
	 * @param bool        $important Only important notes.
	 * @return array<string, mixed>
	 */
	private static function query_args( string $status, ?string $start, ?string $end, string $search, bool $important ): array {
		$args = array(
			'post_type'              => self::POST_TYPE,
			'post_status'            => $status,
			'ignore_sticky_posts'    => true,
			'suppress_filters'       => false,
			'update_post_meta_cache' => true,
			'update_post_term_cache' => true,
		);
		$date = array();
		if ( null !== $start ) {
			$date['after'] = $start;
		}
		if ( null !== $end ) {
			$date['before'] = $end;
		}
		if ( array() !== $date ) {
			$args['date_query'] = array(
				$date + array(
					'inclusive' => true,
					'column'    => 'post_date',
				),
			);
		}
		if ( '' !== $search ) {
			$args['s']              = $search;
			$args['search_columns'] = array( 'post_title' );
		}
		if ( $important ) {
			// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- A short list per site.
			$args['meta_query'] = array(
				array(
					'key'   => self::META_IMPORTANT,
					'value' => '1',
				),
			);
		}
		return $args;
	}

	/**
	 * One page of notes and the counts of the list response.
	 *
	 * @param array{orderby: string, order: string, per_page: int, page: int, important: bool, start: ?string, end: ?string, search: string, status: string} $q The query.
	 * @return array{items: \WP_Post[], total: int, total_published: int, total_important: int}
	 */
	public static function query( array $q ): array {
		$order   = 'asc' === $q['order'] ? 'ASC' : 'DESC';
		$columns = array(
			'id'         => 'ID',
			'note_date'  => 'date',
			'note_title' => 'title',
		);
		$column  = $columns[ $q['orderby'] ] ?? 'date';
		$orderby = array( $column => $order );
		if ( 'ID' !== $column ) {
			$orderby['ID'] = $order;
		}

		$args = self::query_args( $q['status'], $q['start'], $q['end'], $q['search'], $q['important'] ) + array(
			'orderby' => $orderby,
		);
		if ( -1 === $q['per_page'] ) {
			// Every note on page 1; nothing after it.
			if ( 1 === $q['page'] ) {
				$items = self::posts(
					$args + array(
						'posts_per_page' => -1,
						'nopaging'       => true,
						'no_found_rows'  => true,
					)
				)->posts;
				$total = count( $items );
			} else {
				$items = array();
				$total = self::count( $args );
			}
		} else {
			$query = self::posts(
				$args + array(
					'posts_per_page' => $q['per_page'],
					'paged'          => $q['page'],
				)
			);
			$items = $query->posts;
			// WordPress counts nothing when the page is past the last one.
			$total = array() === $items && $q['page'] > 1 ? self::count( $args ) : (int) $query->found_posts;
		}
		$items = array_values( array_filter( $items, static fn( $post ) => $post instanceof \WP_Post ) );
		return array(
			'items'           => $items,
			'total'           => $total,
			'total_published' => self::count( self::query_args( 'publish', $q['start'], $q['end'], $q['search'], false ) ),
			'total_important' => self::count( self::query_args( 'publish', $q['start'], $q['end'], $q['search'], true ) ),
		);
	}

	/**
	 * How many notes match query arguments.
	 *
	 * @param array<string, mixed> $args WP_Query arguments.
	 */
	private static function count( array $args ): int {
		unset( $args['orderby'] );
		$query = self::posts(
			array(
				'fields'                 => 'ids',
				'posts_per_page'         => 1,
				'orderby'                => 'none',
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			) + $args
		);
		return (int) $query->found_posts;
	}

	/**
	 * Runs a notes query.
	 *
	 * @param array<string, mixed> $args WP_Query arguments.
	 */
	private static function posts( array $args ): \WP_Query {
		return new \WP_Query( $args );
	}

	/**
	 * Published notes of a range of days, oldest first.
	 *
	 * @param string $start First day, Y-m-d.
	 * @param string $end   Last day, Y-m-d.
	 * @return \WP_Post[]
	 */
	public static function published_between( string $start, string $end ): array {
		$query = self::posts(
			self::query_args( 'publish', $start, $end, '', false ) + array(
				'orderby'        => array(
					'date' => 'ASC',
					'ID'   => 'ASC',
				),
				'posts_per_page' => -1,
				'nopaging'       => true,
				'no_found_rows'  => true,
			)
		);
		return array_values( array_filter( $query->posts, static fn( $post ) => $post instanceof \WP_Post ) );
	}

	/**
	 * Creates a note, or changes the fields given of one. Everything was validated: category is an
	 * existing category id or 0, medias are attachment ids, note_date a valid day.
	 *
	 * @param \WP_Post|null        $note   The note to change; null to create one.
	 * @param array<string, mixed> $fields note_title, note_date (Y-m-d), category, important, medias.
	 * @return \WP_Post|\WP_Error
	 */
	public static function save( ?\WP_Post $note, array $fields ) {
		$postarr = array();
		if ( array_key_exists( 'note_title', $fields ) ) {
			$postarr['post_title'] = self::encode_title( self::clean_title( $fields['note_title'] ) );
		}
		if ( array_key_exists( 'note_date', $fields ) ) {
			$local                    = (string) $fields['note_date'] . ' 00:00:00';
			$postarr['post_date']     = $local;
			$postarr['post_date_gmt'] = get_gmt_from_date( $local );
		}

		if ( null === $note ) {
			$id = wp_insert_post(
				$postarr + array(
					'post_type'   => self::POST_TYPE,
					'post_status' => 'publish',
					'post_author' => get_current_user_id(),
				),
				true
			);
		} elseif ( array() !== $postarr ) {
			$id = wp_update_post( $postarr + array( 'ID' => $note->ID ), true );
		} else {
			$id = $note->ID;
		}
		if ( $id instanceof \WP_Error ) {
			return $id;
		}
		$id = (int) $id;

		if ( null === $note || array_key_exists( 'important', $fields ) ) {
			update_post_meta( $id, self::META_IMPORTANT, ! empty( $fields['important'] ) ? '1' : '0' );
		}
		if ( null === $note || array_key_exists( 'medias', $fields ) ) {
			update_post_meta( $id, self::META_MEDIAS, self::clean_ids( (array) ( $fields['medias'] ?? array() ) ) );
		}
		if ( null === $note || array_key_exists( 'category', $fields ) ) {
			$category = (int) ( $fields['category'] ?? 0 );
			$terms    = wp_set_object_terms( $id, $category > 0 ? array( $category ) : array(), Categories::TAXONOMY );
			if ( $terms instanceof \WP_Error ) {
				return $terms;
			}
		}

		clean_post_cache( $id );
		$saved = self::get( $id );
		return null !== $saved ? $saved : new \WP_Error( 'rest_note_not_saved', __( 'The note could not be saved.', 'monsterinsights-reports' ), array( 'status' => 500 ) );
	}

	/**
	 * `wp_insert_post_data` filter: a note is published whatever its date; WordPress would
	 * schedule a note dated in the future instead.
	 *
	 * @param array<string, mixed> $data Post data about to be saved.
	 * @return array<string, mixed>
	 */
	public static function never_future( $data ) {
		if ( is_array( $data ) && self::POST_TYPE === ( $data['post_type'] ?? '' ) && 'future' === ( $data['post_status'] ?? '' ) ) {
			$data['post_status'] = 'publish';
		}
		return $data;
	}

	/**
	 * `wp_untrash_post_status` filter: a restored note is published again (WordPress makes restored
	 * posts drafts).
	 *
	 * @param string $new_status The status WordPress picked.
	 * @param int    $post_id    The post.
	 * @return string
	 */
	public static function untrash_status( $new_status, $post_id ) {
		return self::POST_TYPE === get_post_type( (int) $post_id ) ? 'publish' : (string) $new_status;
	}

	/**
	 * The current version of the notes, for cache keys.
	 */
	public static function version(): string {
		return (string) get_option( self::VERSION_OPTION, '' );
	}

	/**
	 * Gives the notes a new version: cached payloads that show notes are rebuilt.
	 */
	public static function bump_version(): void {
		update_option( self::VERSION_OPTION, wp_generate_uuid4(), true );
	}
}
