/**
 * What the settings, metrics and add-ons stores share: one resource loaded once with a GET (its
 * resolver), replaced by what the server answers a write with, and why loading it failed.
 */
import apiFetch from '@wordpress/api-fetch';

import { loadInto } from './requests';

/** The part of a store's state that holds the resource. */
export interface ResourceState< T > {
	/** The resource; null until received (loaded or seeded). */
	value: T | null;
	/** Why loading it failed, or null. */
	loadError: string | null;
}

/** The state of a resource written whole, one write at a time. */
export interface SavedResourceState< T > extends ResourceState< T > {
	/** Whether a write runs. */
	saving: boolean;
}

/** The state before anything is received. */
export const EMPTY_RESOURCE = { value: null, loadError: null } as const;

/** The actions storing a resource or why loading it failed. */
export type ResourceAction< T > =
	| { type: 'RECEIVE'; value: T }
	| { type: 'RECEIVE_ERROR'; error: string };

/** The action marking a write of a resource written whole as running or finished. */
export interface SavingAction {
	type: 'SET_SAVING';
	saving: boolean;
}

/** What a store's thunks receive: its dispatch and its own selectors. */
export interface ThunkArgs< A, S > {
	dispatch: ( action: A ) => unknown;
	select: S;
}

/**
 * Marks a write as running or finished.
 *
 * @param saving Whether a write runs.
 */
export function setSaving( saving: boolean ): SavingAction {
	return { type: 'SET_SAVING', saving };
}

/**
 * The actions, reducer, resolver and selectors of a resource.
 *
 * @param path The REST path of the resource.
 * @param has  The name of the store's selector that tells whether the resource was received.
 */
export function resource< T, H extends string >( path: string, has: H ) {
	type Dispatch = ( action: ResourceAction< T > ) => unknown;

	/**
	 * Stores the resource.
	 *
	 * @param value The resource.
	 */
	function receive( value: T ): ResourceAction< T > {
		return { type: 'RECEIVE', value };
	}

	/**
	 * Stores why loading the resource failed.
	 *
	 * @param error The error text.
	 */
	function receiveError( error: string ): ResourceAction< T > {
		return { type: 'RECEIVE_ERROR', error };
	}

	/**
	 * The state after one of the resource's actions; the state itself after any other (a store's
	 * reducer sees every action dispatched to the store).
	 *
	 * @param state  State.
	 * @param action An action.
	 */
	function reduce< S extends ResourceState< T > >(
		state: S,
		action: ResourceAction< T >
	): S {
		switch ( action.type ) {
			case 'RECEIVE':
				return { ...state, value: action.value, loadError: null };
			case 'RECEIVE_ERROR':
				return { ...state, loadError: action.error };
			default:
				return state;
		}
	}

	return {
		receive,
		receiveError,
		reduce,

		/**
		 * The reducer of a store that holds the resource, written whole, and nothing else.
		 *
		 * @param state  State.
		 * @param action An action.
		 */
		reducer(
			state: SavedResourceState< T > = {
				...EMPTY_RESOURCE,
				saving: false,
			},
			action: ResourceAction< T > | SavingAction
		): SavedResourceState< T > {
			return action.type === 'SET_SAVING'
				? { ...state, saving: action.saving }
				: reduce( state, action );
		},

		/** The resolver: loads the resource with a GET of its path, unless received. */
		load() {
			return async ( {
				dispatch,
				select,
			}: ThunkArgs<
				ResourceAction< T >,
				Record< H, () => boolean >
			> ): Promise< void > => {
				if ( ! select[ has ]() ) {
					await loadInto< T, ResourceAction< T > >(
						dispatch,
						path,
						receive,
						receiveError
					);
				}
			};
		},

		/**
		 * POSTs a change and stores the resource the server answers with; rejects as api-fetch
		 * does (the stores' write() turns that into an error result).
		 *
		 * @param dispatch The store's dispatch.
		 * @param data     The change.
		 * @param read     Reads the resource from the answer.
		 * @param at       The path to POST to (the resource's path by default).
		 */
		async post< A >(
			dispatch: Dispatch,
			data: unknown,
			read: ( answer: A ) => T,
			at: string = path
		): Promise< T > {
			const value = read(
				await apiFetch< A >( { path: at, method: 'POST', data } )
			);
			dispatch( receive( value ) );
			return value;
		},

		/**
		 * The resource; undefined until received.
		 *
		 * @param state State.
		 */
		get( state: ResourceState< T > ): T | undefined {
			return state.value ?? undefined;
		},

		/**
		 * Whether the resource was received; no resolver.
		 *
		 * @param state State.
		 */
		received( state: ResourceState< T > ): boolean {
			return state.value !== null;
		},

		/**
		 * Why loading the resource failed, or null.
		 *
		 * @param state State.
		 */
		loadError( state: ResourceState< T > ): string | null {
			return state.loadError;
		},

		/**
		 * Whether a write runs.
		 *
		 * @param state State.
		 */
		saving( state: SavedResourceState< T > ): boolean {
			return state.saving;
		},
	};
}
