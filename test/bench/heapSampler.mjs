// Preloaded into the app by the soak bench (node --expose-gc --import this): every
// OHTUI_SOAK_SAMPLE_MS a full collection, then the live heap and resident memory appended to
// OHTUI_SOAK_FILE, one JSON line each. `code` is what V8's own spaces for code hold (code space,
// and trusted space where the V8 has one: compiled code's metadata, bytecode): the JIT's share of
// the live heap, told apart from the app's data. Part of the bench, never of the app.
import {appendFileSync} from 'node:fs';
import {memoryUsage} from 'node:process';
import {getHeapSpaceStatistics} from 'node:v8';

const file = process.env.OHTUI_SOAK_FILE;
const every = Number(process.env.OHTUI_SOAK_SAMPLE_MS ?? 30_000);
const isCode = name => /code|trusted/.test(name);
if (file && typeof globalThis.gc === 'function') {
	const timer = setInterval(() => {
		globalThis.gc();
		const m = memoryUsage();
		const code = getHeapSpaceStatistics()
			.filter(space => isCode(space.space_name))
			.reduce((sum, space) => sum + space.space_used_size, 0);
		appendFileSync(file, `${JSON.stringify({t: Date.now(), heap: m.heapUsed, code, rss: m.rss, external: m.external})}\n`);
	}, every);
	timer.unref();
}
