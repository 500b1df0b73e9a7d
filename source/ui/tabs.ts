/** The four tabs, in key order, and cycling between them. */
import type {ResourceName} from '../store/types.js';

export const TABS: readonly {resource: ResourceName; key: string; label: string}[] = [
	{resource: 'settings', key: '1', label: 'Settings'},
	{resource: 'conversations', key: '2', label: 'Conversations'},
	{resource: 'sandboxes', key: '3', label: 'Sandboxes'},
	{resource: 'specs', key: '4', label: 'Specs'},
];

export function cycleTab(current: ResourceName, delta: 1 | -1): ResourceName {
	const i = TABS.findIndex(t => t.resource === current);
	return TABS[(i + delta + TABS.length) % TABS.length]!.resource;
}
