import type { BootData } from './types';

export function receiveBoot( boot: BootData ) {
	return { type: 'RECEIVE_BOOT', boot } as const;
}

export type AppAction = ReturnType< typeof receiveBoot >;
