// Preloaded into the app by the soak bench (node --expose-gc --import this): every
// OHTUI_SOAK_SAMPLE_MS a full collection, then the live heap and resident memory appended to
// OHTUI_SOAK_FILE, one JSON line each. Part of the bench, never of the app.
import {appendFileSync} from 'node:fs';
import {memoryUsage} from 'node:process';

const file = process.env.OHTUI_SOAK_FILE;
const every = Number(process.env.OHTUI_SOAK_SAMPLE_MS ?? 30_000);
if (file && typeof globalThis.gc === 'function') {
	const timer = setInterval(() => {
		globalThis.gc();
		const m = memoryUsage();
		appendFileSync(file, `${JSON.stringify({t: Date.now(), heap: m.heapUsed, rss: m.rss, external: m.external})}\n`);
	}, every);
	timer.unref();
}
