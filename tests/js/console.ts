/**
 * Silences console.error in each test of the file, or of the describe block it is called in: React
 * and an error boundary log the error they caught, and such tests assert what the user sees.
 */
export function silenceConsoleErrors(): void {
	let consoleError: jest.SpyInstance;
	beforeEach( () => {
		consoleError = jest
			.spyOn( console, 'error' )
			.mockImplementation( () => undefined );
	} );
	afterEach( () => consoleError.mockRestore() );
}
