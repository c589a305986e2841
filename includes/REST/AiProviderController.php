<?php
/**
 * REST: the AI provider of Conversations AI and of the insights' rephrasing.
 *
 * @package MonsterInsights\Reports
 */

namespace MonsterInsights\Reports\REST;

use MonsterInsights\Reports\Capabilities;
use MonsterInsights\Reports\Conversations\Provider;
use MonsterInsights\Reports\Conversations\ProviderError;

defined( 'ABSPATH' ) || exit;

/**
 * The site's AI provider (Conversations\Provider). The API key is never answered: only whether one
 * is stored.
 *
 * - `GET ai-provider` (users who view the reports): `{configured, base_url, model, has_key,
 *   can_manage}`; the base URL only for users who may change settings, else "".
 * - `POST ai-provider` {base_url, model, api_key?} (users who may change settings): stores them (an
 *   empty or absent key keeps the stored one); a base URL that is not an http or https URL is a
 *   400 ai_provider_invalid_url, a model that is empty or longer than 100 characters a 400
 *   ai_provider_invalid_model. Answers as GET.
 * - `DELETE ai-provider`: forgets the base URL, the model and the key. Answers as GET.
 * - `POST ai-provider/test`: one tiny completion with the saved settings → `{success: true,
 *   message}`; a failure is the ProviderError (ai_provider_missing 409 when nothing is saved).
 */
final class AiProviderController extends Controller {

	/**
	 * The route base.
	 *
	 * @var string
	 */
	protected $rest_base = 'ai-provider';

	/**
	 * Seconds the test completion may take.
	 */
	private const TEST_TIMEOUT = 20;

	/**
	 * Longest API key taken.
	 */
	private const MAX_KEY = 1000;

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$this->add_route(
			'',
			array(
				$this->endpoint( \WP_REST_Server::READABLE, 'get_item' ),
				$this->endpoint(
					\WP_REST_Server::CREATABLE,
					'update_item',
					'can_save',
					array(
						'base_url' => array(
							'description' => __( 'The provider’s base URL (its chat completions are at {base_url}/chat/completions).', 'monsterinsights-reports' ),
							'type'        => 'string',
							'maxLength'   => 2000,
							'required'    => true,
						),
						'model'    => array(
							'description' => __( 'The model the provider answers with (1 to 100 characters).', 'monsterinsights-reports' ),
							'type'        => 'string',
							'maxLength'   => 1000,
							'required'    => true,
						),
						'api_key'  => array(
							'description' => __( 'The API key; empty keeps the stored one. It is never answered.', 'monsterinsights-reports' ),
							'type'        => 'string',
							'maxLength'   => self::MAX_KEY,
							'pattern'     => '^\s*\S*\s*$',
							'default'     => '',
						),
					)
				),
				$this->endpoint( \WP_REST_Server::DELETABLE, 'delete_item', 'can_save' ),
			)
		);
		$this->add_route(
			'/test',
			array( $this->endpoint( \WP_REST_Server::CREATABLE, 'test', 'can_save' ) ),
			fn() => self::document(
				'ai-provider-test',
				array(
					'type'       => 'object',
					'properties' => array(
						'success' => array(
							'description' => __( 'Whether the provider answered.', 'monsterinsights-reports' ),
							'type'        => 'boolean',
						),
						'message' => array(
							'description' => __( 'What the test found, for the user.', 'monsterinsights-reports' ),
							'type'        => 'string',
						),
					),
				)
			)
		);
	}

	/**
	 * GET: the provider's settings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_item( $request ): \WP_REST_Response {
		return rest_ensure_response( self::answer() );
	}

	/**
	 * POST: stores the settings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function update_item( $request ) {
		if ( ! Provider::valid_base_url( (string) $request['base_url'] ) ) {
			return self::refused_arg( 'ai_provider_invalid_url', __( 'The base URL must be an http or https URL, such as https://api.openai.com/v1.', 'monsterinsights-reports' ), 'base_url' );
		}
		$model = trim( (string) $request['model'] );
		if ( '' === $model || mb_strlen( $model ) > Provider::MAX_MODEL ) {
			/* translators: %d: the most characters of a model's name. */
			return self::refused_arg( 'ai_provider_invalid_model', sprintf( __( 'The model must be a name of 1 to %d characters.', 'monsterinsights-reports' ), Provider::MAX_MODEL ), 'model' );
		}
		$saved = Provider::save( (string) $request['base_url'], (string) $request['model'], (string) $request['api_key'] );
		if ( ! $saved ) {
			return new \WP_Error( 'ai_provider_not_saved', __( 'The AI provider’s settings could not be saved.', 'monsterinsights-reports' ), array( 'status' => 500 ) );
		}
		return rest_ensure_response( self::answer() );
	}

	/**
	 * DELETE: forgets the settings and the key.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 */
	public function delete_item( $request ): \WP_REST_Response {
		Provider::forget();
		return rest_ensure_response( self::answer() );
	}

	/**
	 * POST test: one tiny completion with the saved settings.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @phpstan-param \WP_REST_Request<array<string, mixed>> $request
	 * @return \WP_REST_Response|\WP_Error
	 */
	public function test( $request ) {
		$provider = Provider::from_settings();
		if ( null === $provider ) {
			return ProviderError::missing()->to_wp_error();
		}
		try {
			$provider->complete(
				array(
					array(
						'role'    => 'system',
						'content' => 'This is a connection test. Answer with the single word OK.',
					),
					array(
						'role'    => 'user',
						'content' => 'Say OK.',
					),
				),
				array(),
				self::TEST_TIMEOUT
			);
		} catch ( ProviderError $error ) {
			return $error->to_wp_error();
		}
		return rest_ensure_response(
			array(
				'success' => true,
				/* translators: %s: the model's name. */
				'message' => sprintf( __( 'Connected: the model “%s” answered.', 'monsterinsights-reports' ), $provider->model() ),
			)
		);
	}

	/**
	 * The settings as the routes answer them: never the key, the base URL only for users who may
	 * change settings.
	 *
	 * @return array{configured: bool, base_url: string, model: string, has_key: bool, can_manage: bool}
	 */
	private static function answer(): array {
		$settings   = Provider::settings();
		$can_manage = current_user_can( Capabilities::SAVE );
		return array(
			'configured' => Provider::configured(),
			'base_url'   => $can_manage ? $settings['base_url'] : '',
			'model'      => $settings['model'],
			'has_key'    => $settings['has_key'],
			'can_manage' => $can_manage,
		);
	}

	/**
	 * The schema of the settings' answer.
	 *
	 * @return array<string, mixed>
	 */
	protected function item_schema(): array {
		return self::document(
			'ai-provider',
			array(
				'type'       => 'object',
				'properties' => array(
					'configured' => array(
						'description' => __( 'Whether the base URL, the model and the key are all set.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'base_url'   => array(
						'description' => __( 'The base URL; empty for users who may not change settings.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'model'      => array(
						'description' => __( 'The model.', 'monsterinsights-reports' ),
						'type'        => 'string',
					),
					'has_key'    => array(
						'description' => __( 'Whether an API key is stored (the key itself is never answered).', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
					'can_manage' => array(
						'description' => __( 'Whether the current user may change the provider.', 'monsterinsights-reports' ),
						'type'        => 'boolean',
					),
				),
			)
		);
	}
}
