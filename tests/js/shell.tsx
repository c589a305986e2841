/**
 * Test helpers of the shell and the upsells: a booted registry with the notices store, and a render
 * inside it.
 */
import { RegistryProvider } from '@wordpress/data';
import { store as noticesStore } from '@wordpress/notices';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { BootData } from '../../src/store/app/types';
import { createBootedRegistry, type TestRegistry } from './registry';

/**
 * A booted registry with the notices store, as the page has it from wp-notices.
 *
 * @param overrides Sections of the boot data to replace.
 */
export function createShellRegistry(
	overrides: Partial< BootData > = {}
): TestRegistry {
	const registry = createBootedRegistry( overrides );
	registry.register( noticesStore );
	return registry;
}

/**
 * Renders a tree inside a registry.
 *
 * @param ui       The tree.
 * @param registry The registry.
 */
export function renderIn( ui: ReactElement, registry: TestRegistry ) {
	return render(
		<RegistryProvider value={ registry }>{ ui }</RegistryProvider>
	);
}
