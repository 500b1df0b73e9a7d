/**
 * Ink output patches (scripts/inkOutputFix.mjs): what each still pays on Ink 8. The real <App/>
 * over 10,000 conversations at 120x40 (test/bench/frameProbe.tsx) is bundled like the app with all
 * patches, with none and with all but one, and each build presses `j`/`k` BENCH_OUTPUT_PRESSES
 * times (default 150 each way) in a child process; the builds take turns, BENCH_OUTPUT_ROUNDS
 * rounds (default 2), so all see the same machine load. Figures: key to frame (median, in
 * process: no pty), young-generation collections per press with the young generation held at
 * 1 MB and allocation-site pretenuring off (so every object goes through it, and the count is
 * about the MB a press allocates: what the patches cut; independent of the machine's load) and
 * resident memory at the end (noisy: the heap is not tuned as the app's is).
 */
import {execFile} from 'node:child_process';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';
import {ALL} from '../../scripts/inkOutputFix.mjs';
import {benchNode} from '../support/ptyProbe.js';
import {bundleLikeApp} from '../support/bundleLikeApp.js';
import {type Bench, type Figure, median, round} from './figures.js';

const run = promisify(execFile);
const probeSource = join(dirname(fileURLToPath(import.meta.url)), 'frameProbe.tsx');

type Sample = {medianMs: number; minorPerPress: number; gcMsPerPress: number; rssMb: number};

export const output: Bench = {
	name: 'output',
	async run(): Promise<Figure[]> {
		const presses = Number(process.env['BENCH_OUTPUT_PRESSES'] ?? 150);
		const rounds = Number(process.env['BENCH_OUTPUT_ROUNDS'] ?? 2);
		const variants: Array<{label: string; patches: string[]}> = [
			{label: 'all patches', patches: ALL},
			{label: 'no patches', patches: []},
			...(ALL.length > 1 ? ALL.map(name => ({label: `all but ${name}`, patches: ALL.filter(other => other !== name)})) : []),
		];
		const builds = await Promise.all(variants.map(async variant => bundleLikeApp(probeSource, {inkPatches: variant.patches})));
		const samples = variants.map(() => [] as Sample[]);
		try {
			for (let r = 0; r < rounds; r++) {
				for (const [i, build] of builds.entries()) {
					// eslint-disable-next-line no-await-in-loop
					const {stdout} = await run(benchNode(), ['--expose-gc', '--no-allocation-site-pretenuring', '--min-semi-space-size=1', '--max-semi-space-size=1', build.entry, String(presses)], {env: {...process.env, NODE_OPTIONS: ''}, maxBuffer: 1 << 20});
					samples[i]!.push(JSON.parse(stdout) as Sample);
				}
			}
		} finally {
			for (const build of builds) build.dispose();
		}

		const bench = 'Ink output patches (10,000 rows, 120x40, in process)';
		const of = (i: number, key: keyof Sample) => median(samples[i]!.map(sample => sample[key]));
		const base = {ms: of(0, 'medianMs'), minor: of(0, 'minorPerPress'), rss: of(0, 'rssMb')};
		return variants.map((variant, i) => {
			const ms = of(i, 'medianMs');
			const minor = of(i, 'minorPerPress');
			const rss = of(i, 'rssMb');
			const versus = i === 0 ? '' : `; vs all: ${signed(minor - base.minor, 2)} MB/press, ${signed(ms - base.ms)} ms, ${signed(rss - base.rss)} MB resident`;
			return {
				bench,
				name: `${variant.label}: MB allocated per key press`,
				value: round(minor, 2),
				unit: 'MB',
				target: '',
				pass: null,
				note: `key to frame ${round(ms)} ms (median), GC ${round(of(i, 'gcMsPerPress'), 2)} ms/press, resident ${round(rss)} MB${versus}; ${rounds}x${2 * presses} presses`,
			};
		});
	},
};

function signed(value: number, digits = 1): string {
	const r = round(value, digits);
	return `${r > 0 ? '+' : ''}${r}`;
}
