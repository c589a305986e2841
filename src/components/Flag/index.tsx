/**
 * A country's flag as an image: build/flags/XX.svg, copied from the country-flag-icons package at
 * build time (bin/build-data.mjs) and loaded from the plugin itself when a flag is shown. Emoji
 * flags need a colour font with flags that Windows does not have (it shows two letters instead),
 * so the flag is a picture everywhere.
 */
import { useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import type { ReactNode } from 'react';

import { appStore } from '../../store/app';
import './style.scss';

export interface FlagProps {
	/** ISO 3166-1 alpha-2 code, e.g. "DE"; anything else shows no flag. */
	iso: string;
	/**
	 * The country's name as the image's text; leave it empty (the default, `alt=""`) when the
	 * name is shown beside the flag, so it is not read twice.
	 */
	label?: string;
}

/**
 * The URL of a country's flag, or '' for a value that is not a two-letter code.
 *
 * @param assetsUrl The plugin's build/ URL, with its trailing slash.
 * @param iso       ISO 3166-1 alpha-2 code.
 */
export function flagUrl( assetsUrl: string, iso: string ): string {
	return assetsUrl !== '' && /^[A-Z]{2}$/.test( iso )
		? `${ assetsUrl }flags/${ iso }.svg`
		: '';
}

/**
 * A country's flag; nothing for an unknown code, or when the plugin has no flag for it.
 *
 * @param props       Component props.
 * @param props.iso   ISO 3166-1 alpha-2 code.
 * @param props.label The image's text; '' beside the name.
 */
export function Flag( { iso, label = '' }: FlagProps ) {
	const assetsUrl = useSelect(
		( select ) => select( appStore ).getBoot()?.plugin.assetsUrl ?? '',
		[]
	);
	const [ failed, setFailed ] = useState( '' );
	const src = flagUrl( assetsUrl, iso );
	if ( src === '' || failed === src ) {
		return null;
	}
	return (
		<img
			className="monsterinsights-reports-flag"
			// Before src: an image's loading mode is read when its source is set.
			loading="lazy"
			decoding="async"
			src={ src }
			alt={ label }
			width={ 18 }
			height={ 12 }
			// A code the flag set lacks (no 404 image in its place).
			onError={ () => setFailed( src ) }
		/>
	);
}

/**
 * A country's name with its flag before it (the flag's text is empty: the name is beside it).
 *
 * @param props          Component props.
 * @param props.iso      ISO 3166-1 alpha-2 code.
 * @param props.children The name.
 */
export function CountryName( {
	iso,
	children,
}: {
	iso: string;
	children: ReactNode;
} ) {
	return (
		<span className="monsterinsights-reports-country-name">
			<Flag iso={ iso } />
			{ children }
		</span>
	);
}
