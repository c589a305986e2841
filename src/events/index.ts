/**
 * Entry of build/events.js: form and media events for the built-in analytics, printed deferred
 * after build/tracker.js only while the Forms or the Media module is on (see
 * includes/Sources/Builtin/Collection/Tracking/TrackerScript.php). Its tag says which:
 *   data-f="1"  forms: impressions and plain forms' conversions (forms.ts)
 *   data-m="1"  media: plays, watch time and completions (media.ts)
 *
 * Everything is sent through the tracker's `window.monsterinsightsReports.track()`, so the same
 * endpoint and privacy rules apply (no cookie, Global Privacy Control and Do Not Track honoured:
 * track() sends nothing then).
 */
import { watchForms } from './forms';
import { watchMedia } from './media';

const options = document.currentScript?.dataset ?? {};
const api = window.monsterinsightsReports;

if ( api ) {
	if ( options.f === '1' ) {
		watchForms( window, api.track );
	}
	if ( options.m === '1' ) {
		watchMedia( window, api.track );
	}
}
