import {appServerInfo} from '../support/serverInfo.js';
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {App} from '../../source/ui/App.js';
import {renderApp} from './harness.js';

afterEach(() => cleanup());

const current = appServerInfo('current', 'sandbox-server', 'session');

describe('header: the detected server', () => {
	it('shows the probed generation after the URL once known, and follows a change', async () => {
		const h = renderApp({snapshot: {server: null}});
		let frame = await h.waitFor('TITLE');
		expect(frame.split('\n')[0]).not.toContain('·');
		h.store.set({server: current});
		frame = await h.waitFor('sandbox-server');
		expect(frame.split('\n')[0]).toMatch(/^ohtui http:\/\/127\.0\.0\.1:3000 · sandbox-server +ok$/);
		h.store.set({server: appServerInfo('current', 'cloud', 'bearer')});
		await h.waitFor('cloud');
	});

	it('a narrow terminal keeps the URL and drops the label', async () => {
		const h = renderApp({snapshot: {server: current}, columns: 42});
		const frame = await h.waitFor('ohtui');
		expect(frame.split('\n')[0]).toContain('127.0.0.1:3000');
		expect(frame.split('\n')[0]).not.toContain('sandbox-server');
	});
});

describe('header: read-only', () => {
	it('says read-only when App gets readOnly, and nothing by default', async () => {
		const frame = await renderApp({readOnly: true, notify: 'off'}).waitFor('TITLE');
		expect(frame.split('\n')[0]).toMatch(/^ohtui http:\/\/127\.0\.0\.1:3000 read-only +ok$/);
		cleanup();
		const plain = await renderApp().waitFor('TITLE');
		expect(plain.split('\n')[0]).not.toContain('read-only');
	});
});

describe('header: the demo server still starting', () => {
	it('says `ohtui demo` with no address, then shows the address once App gets it', async () => {
		const h = renderApp({serverLabel: '', demo: true, notify: 'off'});
		let frame = await h.waitFor('TITLE');
		expect(frame.split('\n')[0]).toMatch(/^ohtui demo +ok$/);
		h.rerender(<App fleet={h.fleet} serverLabel="http://127.0.0.1:4242" demo onQuit={() => {}} size={{columns: 100, rows: 30}} notify="off" env={{}} />);
		frame = await h.waitFor('127.0.0.1:4242');
		expect(frame.split('\n')[0]).toMatch(/^ohtui http:\/\/127\.0\.0\.1:4242 demo +ok$/);
	});
});
