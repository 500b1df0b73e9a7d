import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {list, spec} from './fixtures.js';
import {KEYS, renderApp} from './harness.js';

afterEach(() => cleanup());

const SPECS = list([
	spec(),
	spec({id: 'ghcr.io/openhands/agent-server:other', command: null, working_dir: '/home/openhands/workspace', initial_env: {API_TOKEN: 'tok-should-not-show', PLAIN: 'visible-value'}}),
]);

function open() {
	return renderApp({snapshot: {visible: 'specs', specs: SPECS}, rows: 30});
}

describe('Specs view', () => {
	it('renders id, command, working dir and env count', async () => {
		const h = open();
		const frame = await h.waitFor('WORKING DIR');
		const first = frame.split('\n').find(l => l.includes('4e2ecd8-python')) ?? '';
		expect(first).toMatch(/--port 8000 +\/workspace\/project +2$/);
		const second = frame.split('\n').find(l => l.includes(':other')) ?? '';
		expect(second).toMatch(/— +\/home\/openhands\/workspace +2$/);
	});

	it('at 80 columns the ID keeps its end, the image\'s tag, as the Sandboxes tab\'s SPEC does', async () => {
		const h = renderApp({snapshot: {visible: 'specs', specs: SPECS}, rows: 24, columns: 80});
		const frame = await h.waitFor('WORKING DIR');
		const first = frame.split('\n').find(l => l.includes('4e2ecd8-python')) ?? '';
		expect(first).toMatch(/…[\w/-]*:4e2ecd8-python /);
		expect(first).not.toContain('ghcr.io');
	});

	it('Enter shows the initial env; credential-like values are masked', async () => {
		const h = open();
		await h.waitFor('WORKING DIR');
		await h.press('j', KEYS.enter);
		const frame = await h.waitFor('Initial env (2)');
		expect(frame).toContain('PLAIN');
		expect(frame).toContain('visible-value');
		expect(frame).toContain('API_TOKEN');
		expect(frame).not.toContain('tok-should-not-show');
		await h.press(KEYS.esc);
		await h.waitFor('WORKING DIR');
	});

	it('n asks first; n/Esc cancel, y/Enter start a sandbox from the selected spec', async () => {
		const h = open();
		await h.waitFor('WORKING DIR');
		await h.press('n');
		await h.waitFor('Start a sandbox from ghcr.io/openhands/agent-server:4e2ecd8-python?');
		await h.press('n');
		await h.waitFor('WORKING DIR');
		await h.press('n');
		await h.waitFor('Start a sandbox from');
		await h.press(KEYS.esc);
		await h.waitFor('WORKING DIR');
		expect(h.store.callsOf('startSandbox')).toEqual([]);
		await h.press('n', 'y');
		await h.waitFor('WORKING DIR');
		await h.press('j', 'n');
		await h.waitFor('agent-server:other?');
		await h.press(KEYS.enter);
		await h.waitFor('WORKING DIR');
		expect(h.store.callsOf('startSandbox')).toEqual([['ghcr.io/openhands/agent-server:4e2ecd8-python'], ['ghcr.io/openhands/agent-server:other']]);
	});
});
