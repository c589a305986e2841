/**
 * Entry of build/vitals.js: starts collect.ts with the sample rate WordPress printed on this
 * script's own tag.
 */
import { start } from './collect';

start( window, Number( document.currentScript?.dataset.rate ?? 100 ) );
