import { lazy, Suspense } from '@wordpress/element';

import { Loader } from '../../../components/Loader';
import type { SiteNotesPanelProps } from './SiteNotesPanel';

// The panel, its note form and the media helpers load when the notes are first opened: a report
// shows only the toggle until then.
const Panel = lazy( () =>
	import(
		/* webpackChunkName: "site-notes" */
		'./SiteNotesPanel'
	).then( ( module ) => ( { default: module.SiteNotesPanel } ) )
);

/**
 * The site notes panel, loaded on first use.
 *
 * @param props The panel's props.
 */
export function SiteNotesPanel( props: SiteNotesPanelProps ) {
	return (
		<Suspense fallback={ <Loader /> }>
			<Panel { ...props } />
		</Suspense>
	);
}
