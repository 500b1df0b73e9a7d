// The files in dist/ between builds: which chunks the last build wrote (its manifest), removing the
// older builds' chunks, and whether dist/ is older than its sources (`build.mjs --if-stale`).
import {existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

/**
 * Chunk names carry a content hash, so each build adds files. Removes the chunks of older builds,
 * but keeps the previous build's (a dist/cli.js started just before this build finished still
 * imports those) and anything written in the last few minutes (another build of other sources
 * running at the same time, as when two test runs build at once). With `all` (--pack), keeps
 * only this build's: the package must not ship a chunk nothing loads.
 */
export function removeOldChunks(outdir, current, all = false) {
	const manifest = manifestPath(outdir);
	const keep = new Set([...current, ...(all ? [] : readManifest(outdir)), 'manifest.json', 'package.json']);
	const recent = all ? Number.POSITIVE_INFINITY : Date.now() - 5 * 60_000;
	for (const name of readdirSync(join(outdir, 'chunks'))) {
		const path = join(outdir, 'chunks', name);
		try {
			if (!keep.has(name) && statSync(path).mtimeMs < recent) {
				rmSync(path, {force: true});
			}
		} catch {
			// removed by the other build meanwhile
		}
	}

	writeFileSync(`${manifest}.${process.pid}.tmp`, JSON.stringify({current}));
	renameSync(`${manifest}.${process.pid}.tmp`, manifest);
}

/** the chunks of the last build (see removeOldChunks) */
const manifestPath = outdir => join(outdir, 'chunks', 'manifest.json');

/** this build's chunks as the last build recorded them */
function readManifest(outdir) {
	try {
		const data = JSON.parse(readFileSync(manifestPath(outdir), 'utf8'));
		return Array.isArray(data.current) ? data.current.filter(name => typeof name === 'string') : [];
	} catch {
		return [];
	}
}

/** whether dist/ (its entry `outfile`) is older than the sources in `source` or any of `inputs` */
export function isStale(outdir, outfile, source, inputs) {
	let built;
	try {
		built = statSync(outfile).mtimeMs;
	} catch {
		return true;
	}

	// dist/chunks removed by hand: the entry alone cannot run
	if (!readManifest(outdir).every(name => existsSync(join(outdir, 'chunks', name)))) {
		return true;
	}

	return newestMtime(source, inputs) > built;
}

function newestMtime(directory, extra) {
	let newest = 0;
	for (const file of extra) {
		try {
			newest = Math.max(newest, statSync(file).mtimeMs);
		} catch {}
	}

	for (const entry of readdirSync(directory, {withFileTypes: true, recursive: true})) {
		if (entry.isFile()) {
			newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
		}
	}

	return newest;
}
