/**
 * A FakeStore-driven look at the activity view in a real terminal, before the store's activity
 * lane is merged: `npx tsx test/ui/dev/activityDemo.tsx` (q quits). The first conversation waits
 * for confirmation (v1.37+ shapes), the second has the v1.1.0 trajectory plus 10,000 events and
 * gets a new event every two seconds while following. Not a test: nothing asserts here.
 */
import React from 'react';
import {render} from 'ink';
import {App} from '../../../source/ui/App.js';
import type {AgentCommand} from '../../../source/api/client.js';
import {FakeStore} from '../fakeStore.js';
import {fleetOf} from '../fakeFleet.js';
import {NOW, conversation, list, snapshot} from '../fixtures.js';
import {activityState, currentTrajectory, event, legacyTrajectory, manyEvents} from '../eventFixtures.js';

const waiting = conversation({id: '1'.repeat(32), title: 'Add a --json flag', execution_status: 'waiting_for_confirmation', updated_at: NOW});
const busy = conversation({title: 'Fix flaky date parsing test \x1b[31mred\x1b[0m', execution_status: 'running', updated_at: NOW});
const paused = conversation({id: '2'.repeat(32), title: 'Paused one', sandbox_status: 'PAUSED', execution_status: null});
const eventsOf: Record<string, ReturnType<typeof legacyTrajectory>> = {
	[waiting.id]: currentTrajectory().slice(0, 7),
	[busy.id]: [...manyEvents(10_000), ...legacyTrajectory()],
	[paused.id]: legacyTrajectory(),
};

class DemoStore extends FakeStore {
	override openActivity(id: string) {
		super.openActivity(id);
		this.set({activity: activityState(id, eventsOf[id] ?? [], {hasOlder: false})});
	}
	override closeActivity() {
		super.closeActivity();
		this.set({activity: null});
	}
	override sendMessage(id: string, text: string, options?: {resumeFirst?: boolean}) {
		super.sendMessage(id, text, options);
		this.set({notice: {level: 'info', text: `message sent${options?.resumeFirst ? ' after resuming the sandbox' : ''} (${text.length} characters)`, at: Date.now()}});
		const drafts = {...this.getSnapshot().drafts};
		delete drafts[id];
		this.set({drafts});
	}
	override controlAgent(id: string, command: AgentCommand, reason?: string) {
		super.controlAgent(id, command, reason);
		this.set({notice: {level: 'info', text: `agent ${command}: done${reason ? ` (${reason})` : ''}`, at: Date.now()}});
	}
}

const store = new DemoStore(snapshot({conversations: list([waiting, busy, paused])}));
let n = 0;
setInterval(() => {
	const activity = store.getSnapshot().activity;
	if (!activity || activity.conversationId !== busy.id) return;
	n++;
	const id = `feed0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
	const timestamp = new Date().toISOString().replace('Z', '');
	const next = event({kind: 'MessageEvent', id, timestamp, source: 'agent', llm_message: {role: 'assistant', content: [{type: 'text', text: `live event ${n}`}]}});
	store.set({activity: {...activity, events: [...activity.events, next]}});
}, 2000);

process.stdout.write('\x1b[?1049h');
const app = render(
	<App
		fleet={fleetOf(store)}
		serverLabel="demo (FakeStore)"
		demo
		onQuit={() => {
			app.unmount();
			process.stdout.write('\x1b[?1049l');
			process.exit(0);
		}}
	/>,
	// not incremental: the bundle carries a fix for Ink 6.8's incremental renderer, tsx runs it unpatched
	{exitOnCtrlC: false, patchConsole: false},
);
