/**
 * @jest-environment node
 */
import { STALE_HEADER, staleAnswersMiddleware } from '../staleAnswers';

const REPORT = '/monsterinsights-reports/v1/reports/overview?start=2026-11-01';

function json(
	body: unknown,
	status = 200,
	headers: Record< string, string > = {}
) {
	return new Response( JSON.stringify( body ), {
		status,
		headers: { 'Content-Type': 'application/json', ...headers },
	} );
}

describe( 'staleAnswersMiddleware', () => {
	it( 'reads a report answer itself, says when it is stale, and hands on its JSON', async () => {
		const onStale = jest.fn();
		const next = jest.fn( async () =>
			json( { infobox: 1 }, 200, { [ STALE_HEADER ]: 'quota' } )
		);
		const answer = await staleAnswersMiddleware( onStale )(
			{ path: REPORT },
			next
		);
		expect( answer ).toEqual( { infobox: 1 } );
		expect( onStale ).toHaveBeenCalledTimes( 1 );
		expect( next ).toHaveBeenCalledWith( { path: REPORT, parse: false } );
	} );

	it( 'a fresh answer is not stale', async () => {
		const onStale = jest.fn();
		const answer = await staleAnswersMiddleware( onStale )(
			{ path: REPORT },
			async () => json( { infobox: 2 } )
		);
		expect( answer ).toEqual( { infobox: 2 } );
		expect( onStale ).not.toHaveBeenCalled();
	} );

	it( 'a failed answer is thrown as its WP_Error JSON, as api-fetch would', async () => {
		const error = {
			code: 'google_reauth',
			message: 'Reconnect.',
			data: { status: 401 },
		};
		await expect(
			staleAnswersMiddleware( jest.fn() )( { path: REPORT }, async () => {
				throw json( error, 401 );
			} )
		).rejects.toEqual( error );
	} );

	it( 'leaves other requests alone', async () => {
		const next = jest.fn( async () => ( { parsed: true } ) );
		const options = {
			path: '/monsterinsights-reports/v1/notes',
			method: 'POST',
		};
		expect(
			await staleAnswersMiddleware( jest.fn() )( options, next )
		).toEqual( { parsed: true } );
		expect( next ).toHaveBeenCalledWith( options );
	} );
} );
