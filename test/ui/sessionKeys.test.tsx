// The sandboxes' session keys reach the secret scrubber (source/text/secrets.ts registerKnownSecret):
// every key in the conversations, the sandboxes and the open activity, each once, as they arrive.
import React from 'react';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {watchSessionKeys} from '../../source/ui/sessionKeys.js';
import {FakeStore} from './fakeStore.js';
import {fleetOf} from './fakeFleet.js';
import {SESSION_KEY, conversation, list, sandbox, snapshot} from './fixtures.js';

const registered = vi.hoisted(() => [] as string[]);
vi.mock('../../source/text/secrets.js', async importOriginal => ({
	...(await importOriginal<typeof import('../../source/text/secrets.js')>()),
	registerKnownSecret: (value: string | null | undefined) => {
		if (value) registered.push(value);
	},
}));

describe('session keys', () => {
	it('are registered from conversations, sandboxes and the open activity, each once', () => {
		const store = new FakeStore(snapshot({conversations: list([conversation()]), sandboxes: list([sandbox(), sandbox({id: 'sb-2', session_api_key: null})])}));
		const seen: string[] = [];
		const stop = watchSessionKeys(fleetOf(store), key => seen.push(key));
		expect(seen).toEqual([SESSION_KEY]);
		store.poke();
		store.set({sandboxes: list([sandbox(), sandbox({id: 'sb-3', session_api_key: 'sess-key-of-sb3-0123456789'})])});
		const open = conversation({id: 'other', session_api_key: 'sess-key-of-activity-98765'});
		store.set({
			activity: {conversationId: 'other', events: [], hasOlder: false, loadingOlder: false, following: true, loading: false, error: null, fetchedAt: null, conversation: open},
		});
		expect(seen).toEqual([SESSION_KEY, 'sess-key-of-sb3-0123456789', 'sess-key-of-activity-98765']);
		stop();
		store.set({sandboxes: list([sandbox({id: 'sb-4', session_api_key: 'sess-after-stop-000000'})])});
		expect(seen).toHaveLength(3);
	});

	it('the app registers them with the secret scrubber', async () => {
		const {App} = await import('../../source/ui/App.js');
		const store = new FakeStore(snapshot({conversations: list([conversation()])}));
		const app = render(<App fleet={fleetOf(store)} serverLabel="http://127.0.0.1:3000" demo={false} onQuit={() => {}} size={{columns: 100, rows: 30}} env={{}} />);
		expect(registered).toEqual([SESSION_KEY]);
		store.set({sandboxes: list([sandbox({id: 'sb-9', session_api_key: 'sess-key-of-sb9-0123456789'})])});
		expect(registered).toEqual([SESSION_KEY, 'sess-key-of-sb9-0123456789']);
		app.unmount();
	});
});
