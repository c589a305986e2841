import { safeUrl } from '../safeUrl';

describe( 'safeUrl', () => {
	it.each( [
		'javascript:alert(1)',
		'JAVASCRIPT:alert(1)',
		'JavaScript:alert(document.cookie)',
		'data:text/html,<script>alert(1)</script>',
		'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
		'vbscript:msgbox(1)',
		' javascript:alert(1)',
		'\tjavascript:alert(1)',
		'\n\r javascript:alert(1)',
		'\u0000javascript:alert(1)',
		'java\tscript:alert(1)',
		'java\nscript:alert(1)',
		'//evil.example/path',
		'  //evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'mailto:someone@example.org',
		'ftp://example.org/file',
		'file:///etc/passwd',
		'about:blank',
		'blob:https://example.org/0d1c',
		'',
		'   ',
	] )( 'refuses %j', ( url ) => {
		expect( safeUrl( url ) ).toBeUndefined();
	} );

	it.each( [ null, undefined, 1, {}, [ 'https://example.org/' ] ] )(
		'refuses the non-string %j',
		( url ) => {
			expect( safeUrl( url ) ).toBeUndefined();
		}
	);

	it.each( [
		[ 'https://example.org/', 'https://example.org/' ],
		[ 'http://example.org/a?b=1#c', 'http://example.org/a?b=1#c' ],
		[ 'HTTPS://EXAMPLE.ORG/Path', 'HTTPS://EXAMPLE.ORG/Path' ],
		[
			'https://partner.example/offer?ref=1',
			'https://partner.example/offer?ref=1',
		],
		[ ' https://example.org/ ', 'https://example.org/' ],
		[ '/wp-admin/post.php?post=1', '/wp-admin/post.php?post=1' ],
		[
			'admin.php?page=monsterinsights_reports#/settings',
			'admin.php?page=monsterinsights_reports#/settings',
		],
		[ '#/settings', '#/settings' ],
		[ '?page=monsterinsights_reports', '?page=monsterinsights_reports' ],
		[ 'guide.pdf', 'guide.pdf' ],
		[ '/go/partner', '/go/partner' ],
	] )( 'keeps %j as %j', ( url, expected ) => {
		expect( safeUrl( url ) ).toBe( expected );
	} );
} );
