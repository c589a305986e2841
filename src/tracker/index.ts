/**
 * Entry of build/tracker.js: starts the tracker with the data attributes WordPress printed on this
 * script's own tag (see track.ts and includes/Sources/Builtin/Collection/Tracking/TrackerScript.php).
 */
import { init } from './track';

init( window, document.currentScript!.dataset );
