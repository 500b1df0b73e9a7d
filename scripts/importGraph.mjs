// The relative imports among source/ files, as a graph: what the house test checks (no circles,
// no ui/ below commands/ and config/) and what `node scripts/importGraph.mjs` prints for a reader.
// Type imports count: a circle through `import type` still ties two files together for a reader.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';

const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function filesUnder(dir) {
	const out = [];
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) out.push(...filesUnder(path));
		else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
	}
	return out;
}

function resolveImport(from, spec, known) {
	const base = resolve(dirname(from), spec);
	const stem = base.replace(/\.(js|jsx|mjs)$/, '');
	for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts')]) {
		if (known.has(candidate)) return candidate;
	}
	return undefined;
}

/** @returns {{files: string[], edges: Map<string, string[]>, unresolved: string[]}} paths relative to root */
export function importGraph(root, dir = 'source') {
	const files = filesUnder(resolve(root, dir));
	const known = new Set(files);
	const edges = new Map();
	const unresolved = [];
	for (const file of files) {
		const text = readFileSync(file, 'utf8');
		const targets = new Set();
		for (const match of text.matchAll(specifier)) {
			const target = resolveImport(file, match[1], known);
			if (target) targets.add(relative(root, target));
			else if (!match[1].endsWith('.json')) unresolved.push(`${relative(root, file)} -> ${match[1]}`);
		}
		edges.set(relative(root, file), [...targets].sort());
	}
	return {files: files.map(f => relative(root, f)).sort(), edges, unresolved};
}

/** strongly connected components with more than one file (Tarjan), each sorted */
export function circles(edges) {
	let index = 0;
	const stack = [];
	const on = new Set();
	const idx = new Map();
	const low = new Map();
	const found = [];
	const visit = v => {
		idx.set(v, index);
		low.set(v, index);
		index++;
		stack.push(v);
		on.add(v);
		for (const w of edges.get(v) ?? []) {
			if (!idx.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v), low.get(w)));
			} else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
		}
		if (low.get(v) === idx.get(v)) {
			const part = [];
			let w;
			do {
				w = stack.pop();
				on.delete(w);
				part.push(w);
			} while (w !== v);
			if (part.length > 1) found.push(part.sort());
		}
	};
	for (const v of edges.keys()) if (!idx.has(v)) visit(v);
	return found;
}

/** imports that cross a rule of the house: [from folder, folder it may not import] */
export const forbidden = [
	['source/commands/', 'source/ui/'],
	['source/config/', 'source/ui/'],
	['source/present/', 'source/ui/'],
	['source/api/', 'source/store/'],
	['source/api/', 'source/ui/'],
	['source/store/', 'source/ui/'],
	['source/keymap/', 'source/ui/'],
	['source/text/', 'source/ui/'],
	['source/fleet/', 'source/ui/'],
	['source/server/', 'source/api/'],
	['source/server/', 'source/store/'],
	['source/server/', 'source/ui/'],
];

export function crossings(edges) {
	const out = [];
	for (const [from, targets] of edges) {
		for (const to of targets) {
			for (const [a, b] of forbidden) if (from.startsWith(a) && to.startsWith(b)) out.push(`${from} -> ${to}`);
		}
	}
	return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const {files, edges, unresolved} = importGraph(process.cwd());
	const found = circles(edges);
	console.log(`${files.length} files, ${[...edges.values()].reduce((n, e) => n + e.length, 0)} relative imports`);
	for (const part of found) console.log(`circle of ${part.length}: ${part.join(' ')}`);
	for (const line of crossings(edges)) console.log(`crossing: ${line}`);
	for (const line of unresolved) console.log(`unresolved: ${line}`);
}
