/**
 * Ink output patches (scripts/inkOutputFix.mjs): what each still pays on Ink 8. The real <App/>
 * over 10,000 conversations at 120x40 (test/bench/frameProbe.tsx) is bundled like the app with all
 * patches, with none and with all but one, and each build presses `j`/`k` (a row or two change)
 * and `G`/`g` (every row changes) BENCH_OUTPUT_PRESSES times each way (default 100) in a child
 * process; the builds take turns, BENCH_OUTPUT_ROUNDS rounds (default 2), so all see the same
 * machine load. Figures: MB allocated per key press, counted as young collections with the young
 * generation held at 1 MB and allocation-site pretenuring off (every object goes through it: what
 * the patches cut, independent of the machine's load), and key to frame (median, in process: no
 * pty) from a second run with V8's own heap settings.
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
const COUNTING = ['--no-allocation-site-pretenuring', '--min-semi-space-size=1', '--max-semi-space-size=1'];

type Sample = {medianMs: number; minorPerPress: number};

async function probe(entry: string, presses: number, keys: string, flags: string[]): Promise<Sample> {
	const {stdout} = await run(benchNode(), ['--expose-gc', ...flags, entry, String(presses), keys], {env: {...process.env, NODE_OPTIONS: ''}, maxBuffer: 1 << 20});
	return JSON.parse(stdout) as Sample;
}

export const output: Bench = {
	name: 'output',
	async run(): Promise<Figure[]> {
		const presses = Number(process.env['BENCH_OUTPUT_PRESSES'] ?? 100);
		const rounds = Number(process.env['BENCH_OUTPUT_ROUNDS'] ?? 2);
		const variants: Array<{label: string; patches: string[]}> = [
			{label: 'all patches', patches: ALL},
			{label: 'no patches', patches: []},
			...(ALL.length > 1 ? ALL.map(name => ({label: `all but ${name}`, patches: ALL.filter(other => other !== name)})) : []),
		];
		const modes = [
			{keys: 'jk', label: 'j/k'},
			{keys: 'Gg', label: 'G/g'},
		];
		const builds = await Promise.all(variants.map(async variant => bundleLikeApp(probeSource, {inkPatches: variant.patches})));
		const samples = variants.map(() => modes.map(() => ({mb: [] as number[], ms: [] as number[]})));
		try {
			for (let r = 0; r < rounds; r++) {
				for (const [m, mode] of modes.entries()) {
					for (const [i, build] of builds.entries()) {
						// eslint-disable-next-line no-await-in-loop
						const counted = await probe(build.entry, presses, mode.keys, COUNTING);
						// eslint-disable-next-line no-await-in-loop
						const timed = await probe(build.entry, presses, mode.keys, []);
						samples[i]![m]!.mb.push(counted.minorPerPress);
						samples[i]![m]!.ms.push(timed.medianMs);
					}
				}
			}
		} finally {
			for (const build of builds) build.dispose();
		}

		const bench = 'Ink output patches (10,000 rows, 120x40, in process)';
		const figures: Figure[] = [];
		for (const [m, mode] of modes.entries()) {
			const base = {mb: median(samples[0]![m]!.mb), ms: median(samples[0]![m]!.ms)};
			for (const [i, variant] of variants.entries()) {
				const mb = median(samples[i]![m]!.mb);
				const ms = median(samples[i]![m]!.ms);
				const versus = i === 0 ? '' : `; vs all: ${signed(mb - base.mb, 2)} MB, ${signed(ms - base.ms)} ms`;
				figures.push({
					bench,
					name: `${mode.label}, ${variant.label}: MB allocated per key press`,
					value: round(mb, 2),
					unit: 'MB',
					target: '',
					pass: null,
					note: `key to frame ${round(ms)} ms (median of ${rounds} runs' medians)${versus}; ${rounds}x${2 * presses} presses`,
				});
			}
		}

		return figures;
	},
};

function signed(value: number, digits = 1): string {
	const r = round(value, digits);
	return `${r > 0 ? '+' : ''}${r}`;
}
