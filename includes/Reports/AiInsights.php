<?php
/**
 * The AI Insights report (docs/product-rules.md#ai-insights).
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\Reports;

use MonsterInsights\Reports\Insights\Insights;
use MonsterInsights\Reports\Query\ReportRequest;
use MonsterInsights\Reports\Sources\Source;

defined( 'ABSPATH' ) || exit;

/**
 * The site's insights (Insights\Engine, cached per site by Insights\Insights; `force_refresh`
 * generates them anew) and the current user's ratings of them. The range is always the last 30
 * complete days against the 30 before; the dates of the request are not used. The same payload
 * answers `GET monsterinsights-reports/v1/ai-insights` (REST\AiInsightsController).
 */
final class AiInsights implements Report, HasParams {

	use RegistryName;
	use Uncached;
	use WithoutTables;

	/**
	 * The report's parameters beyond the dates.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function params(): array {
		return array(
			'force_refresh' => array(
				'description' => __( 'Generate the insights anew instead of reading today’s.', 'monsterinsights-reports' ),
				'type'        => 'boolean',
				'default'     => false,
			),
		);
	}

	/**
	 * The JSON schema of the payload.
	 *
	 * @return array<string, mixed>
	 */
	public function schema(): array {
		return self::payload_schema();
	}

	/**
	 * The payload's schema (shared with the ai-insights route).
	 *
	 * @return array<string, mixed>
	 */
	public static function payload_schema(): array {
		return Schema::object(
			array(
				'generated_at' => array(
					'description' => __( 'When the insights were generated (Unix time).', 'monsterinsights-reports' ),
					'type'        => 'integer',
				),
				'insights'     => Schema::list_of(
					Schema::object(
						array(
							'id'      => Schema::text(),
							'content' => Schema::text(),
							'link'    => Schema::text(),
						)
					)
				),
				'ratings'      => Schema::list_of( self::rating_schema() ),
			)
		);
	}

	/**
	 * A rating's schema.
	 *
	 * @return array<string, mixed>
	 */
	public static function rating_schema(): array {
		return Schema::object(
			array(
				'insight_id' => Schema::text(),
				'score'      => array(
					'type' => 'integer',
					'enum' => array( 0, 1 ),
				),
				'feedback'   => Schema::text(),
				'skipped'    => array( 'type' => 'boolean' ),
			)
		);
	}

	/**
	 * Builds the payload.
	 *
	 * @param Source        $source  Answers the engine's queries.
	 * @param ReportRequest $request The request (its force_refresh parameter).
	 * @return array<string, mixed>
	 */
	public function build( Source $source, ReportRequest $request ): array {
		return self::payload( $source, ! empty( $request->params['force_refresh'] ) );
	}

	/**
	 * The payload for the current user.
	 *
	 * @param Source $source  The active source.
	 * @param bool   $refresh Generate the insights anew.
	 * @return array{generated_at: int, insights: list<array{id: string, content: string, link: string}>, ratings: list<array{insight_id: string, score: int, feedback: string, skipped: bool}>}
	 */
	public static function payload( Source $source, bool $refresh ): array {
		$list = Insights::get( $source, $refresh );
		return array(
			'generated_at' => $list['generated_at'],
			'insights'     => array_map(
				static fn( array $i ): array => array(
					'id'      => $i['id'],
					'content' => $i['content'],
					'link'    => $i['link'],
				),
				$list['insights']
			),
			'ratings'      => Insights::ratings( get_current_user_id() ),
		);
	}
}
