import { resource } from '../resource';
import type { GoogleConnection } from './types';

export const GOOGLE_PATH = '/monsterinsights-reports/v1/google';

/** The connection: loaded by getGoogleConnection, replaced by what each write answers. */
export const googleResource = resource<
	GoogleConnection,
	'hasGoogleConnection'
>( GOOGLE_PATH, 'hasGoogleConnection' );
