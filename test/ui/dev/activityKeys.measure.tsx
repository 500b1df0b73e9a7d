/**
 * Key to frame in the activity view over 10,000 events, in process (ink-testing-library, 120x40,
 * development React): `npx tsx test/ui/dev/activityKeys.measure.tsx`. Prints medians; asserts
 * nothing. The pty benchmarks in test/bench measure the bundled app end to end.
 */
import React from 'react';
import {render} from 'ink-testing-library';
import {App} from '../../../source/ui/App.js';
import {FakeStore} from '../fakeStore.js';
import {NOW, conversation, list, snapshot} from '../fixtures.js';
import {fleetOf} from '../fakeFleet.js';
import {activityState, manyEvents} from '../eventFixtures.js';

const tick = () => new Promise<void>(resolve => setImmediate(resolve));
const events = manyEvents(10_000);
const id = conversation().id;
const store = new FakeStore(snapshot({conversations: list([conversation()]), activity: activityState(id, events, {hasOlder: true})}));
const app = render(<App fleet={fleetOf(store)} serverLabel="measure" demo={false} onQuit={() => {}} size={{columns: 120, rows: 40}} now={() => NOW} env={{}} />);

async function keyToFrame(key: string): Promise<number> {
	const before = app.lastFrame();
	const start = performance.now();
	app.stdin.write(key);
	for (let i = 0; i < 1000 && app.lastFrame() === before; i++) await tick();
	return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
	await tick();
	let start = performance.now();
	app.stdin.write('l');
	while (!app.lastFrame()?.includes('10,000 events')) await tick();
	console.log(`l to the first screen (10,000 events): ${(performance.now() - start).toFixed(1)} ms`);
	for (const [name, key, n] of [['k', 'k', 200], ['PgUp', '\x1b[5~', 100], ['j', 'j', 100]] as const) {
		const times: number[] = [];
		for (let i = 0; i < n; i++) times.push(await keyToFrame(key));
		console.log(`${name}: median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms over ${n}`);
	}
	start = performance.now();
	store.set({activity: activityState(id, [...manyEvents(1000).map(e => ({...e, id: `older-${e.id}`})), ...events], {hasOlder: true, following: false})});
	await tick();
	console.log(`1,000 older events prepended, to frame: ${(performance.now() - start).toFixed(1)} ms`);
	const times: number[] = [];
	for (let i = 0; i < 30; i++) times.push(await keyToFrame('/'), await keyToFrame('9'), await keyToFrame('\x1b'));
	console.log(`filter keys over 11,000 events: median ${median(times).toFixed(2)} ms`);
	app.unmount();
	process.exit(0);
}

void main();
