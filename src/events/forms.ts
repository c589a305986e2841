/**
 * Form impressions and conversions.
 *
 * A form's id is its form plugin's (forms.ts and includes/Forms/Conversions.php agree on them):
 *   Contact Form 7   wpcf7-<id>    (div.wpcf7[data-wpcf7-id] around the form)
 *   WPForms          wpforms-<id>  (form[data-formid])
 *   Gravity Forms    gform-<id>    (form#gform_<id>)
 *   Formidable       frm-<id>      (#frm_form_<id>_container, hidden form_id)
 *   Ninja Forms      nf-<id>       (#nf-form-<id>-cont; the form inside is drawn by its script)
 * else the form element's id, else its name; a form with none of them is not tracked. Nor is a form
 * of WordPress's own toolbar (#wpadminbar, such as its search, `adminbarsearch`, which every
 * logged-in visitor's page has): it is part of the admin UI, not of the site.
 *
 * An impression is sent the first time a form is seen (at least one pixel in the viewport), once
 * per form and page view (again after a back/forward-cache restore, a new page view). A plugin's
 * form converts on the server, in the plugin's success hook, which knows the submission passed
 * validation and its spam checks: the browser sends no conversion for it, so none is counted
 * twice. Any other form converts when the browser submits it (the `submit` event fires only once
 * the browser's own validation passed).
 */
import type { EventProps } from '../tracker/track';

/** Sends one event (the tracker's track()). */
export type Track = ( name: string, props?: EventProps ) => void;

/** The forms of the known plugins: their element, the attribute with the id and its pattern. */
const PLUGINS: ReadonlyArray< [ string, string, string, RegExp ] > = [
	[ 'wpcf7', '.wpcf7[data-wpcf7-id]', 'data-wpcf7-id', /^(\d+)$/ ],
	[ 'wpforms', 'form[data-formid]', 'data-formid', /^(\d+)$/ ],
	[ 'gform', 'form[id^="gform_"]', 'id', /^gform_(\d+)$/ ],
	[ 'frm', '[id^="frm_form_"]', 'id', /^frm_form_(\d+)_container$/ ],
	[ 'nf', '[id^="nf-form-"]', 'id', /^nf-form-(\d+)-cont$/ ],
];

/** What the page's forms are observed through: the plugins' containers and every form. */
const SELECTOR = PLUGINS.map( ( [ , selector ] ) => selector )
	.concat( 'form' )
	.join( ',' );

/** WordPress's toolbar: its forms are admin UI, never the site's. */
const ADMIN_UI = '#wpadminbar';

/**
 * A form's id, and whether its plugin converts it on the server.
 *
 * @param element A form, or a form plugin's container.
 * @return The id and the server flag; undefined for an untracked form.
 */
export function formId(
	element: Element
): { id: string; server: boolean } | undefined {
	if ( element.closest( ADMIN_UI ) ) {
		return undefined;
	}
	for ( const [ prefix, selector, attribute, pattern ] of PLUGINS ) {
		const found = element
			.closest( selector )
			?.getAttribute( attribute )
			?.match( pattern );
		if ( found ) {
			return { id: `${ prefix }-${ found[ 1 ] }`, server: true };
		}
	}
	const id =
		element.getAttribute( 'id' ) || element.getAttribute( 'name' ) || '';
	return id ? { id, server: false } : undefined;
}

/**
 * Watches the page's forms.
 *
 * @param w     The page's window.
 * @param track The tracker's track().
 */
export function watchForms(
	w: Window & typeof globalThis,
	track: Track
): void {
	const d = w.document;
	let seen: Record< string, 1 > = {};
	const observer = new w.IntersectionObserver( ( entries ) => {
		for ( const entry of entries ) {
			const form = entry.isIntersecting && formId( entry.target );
			if ( form && ! seen[ form.id ] ) {
				seen[ form.id ] = 1;
				track( 'form_impression', { form: form.id } );
			}
		}
	} );
	const observe = () =>
		d.querySelectorAll( SELECTOR ).forEach( ( element ) => {
			observer.unobserve( element );
			observer.observe( element );
		} );
	observe();
	w.addEventListener( 'pageshow', ( event ) => {
		if ( event.persisted ) {
			seen = {};
			observe();
		}
	} );
	d.addEventListener( 'submit', ( event ) => {
		const form = formId( event.target as Element );
		if ( form && ! form.server ) {
			track( 'form_conversion', { form: form.id } );
		}
	} );
}
