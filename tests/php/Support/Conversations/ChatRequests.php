<?php
/**
 * REST requests of the chat routes in tests.
 *
 * @package MonsterInsights\Reports\Tests
 */

namespace MonsterInsights\Reports\Tests\Support\Conversations;

/**
 * A chat route's answer as the app receives it (a JSON body sent, the answer as JSON carries it).
 */
trait ChatRequests {

	/**
	 * Sends a request to a route below ai-insights with a JSON body (GET: a query).
	 *
	 * @param string               $method The method.
	 * @param string               $path   The path after ai-insights, e.g. "/chat/12".
	 * @param array<string, mixed> $params The parameters.
	 * @return array{0: int, 1: array<string, mixed>, 2: string} The status, the answer decoded, and as JSON.
	 */
	protected function chat_request( string $method, string $path, array $params = array() ): array {
		$request = new \WP_REST_Request( $method, '/monsterinsights-reports/v1/ai-insights' . $path );
		if ( 'GET' === $method ) {
			$request->set_query_params( $params );
		} else {
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body( (string) wp_json_encode( (object) $params ) );
		}
		$response = rest_do_request( $request );
		$json     = (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) );
		$data     = json_decode( $json, true );
		return array( $response->get_status(), is_array( $data ) ? $data : array(), $json );
	}
}
