/**
 * For pty tests against the activity fixture server (./activityServer.ts): builds once, and after
 * each test disposes the app and closes the server the test put in the returned holder.
 */
import {afterEach, beforeAll} from 'vitest';
import {buildOnce, type PtySession} from '../e2e/pty.js';
import type {ActivityServer} from './activityServer.js';

export type ActivityPty = {server?: ActivityServer | undefined; app?: PtySession | undefined};

export function activityPty(): ActivityPty {
	const held: ActivityPty = {};
	beforeAll(() => {
		buildOnce();
	});
	afterEach(async () => {
		held.app?.dispose();
		held.app = undefined;
		await held.server?.close();
		held.server = undefined;
	});
	return held;
}
