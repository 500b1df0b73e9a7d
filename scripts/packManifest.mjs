#!/usr/bin/env node
// The package.json that ships: the tarball is one bundle with no dependencies, so it needs no
// scripts (npm 11 counts a packed `prepare` as an install script of a tarball or git install and
// asks the user to re-run with --allow-scripts), no devDependencies and no allowScripts (the
// checkout's install-script policy). npm packs package.json as it is on disk when the tarball is
// made, after prepack and before postpack (libnpmpack), so:
//
//   node scripts/packManifest.mjs strip     prepack, after the build: keep the checkout's file
//                                           aside and write the shipped one
//   node scripts/packManifest.mjs restore   postpack: put the checkout's file back
//
// A pack that died in between leaves the file aside; the next strip or restore puts it back
// first. The shipped file keeps the checkout's modification time, so npm's `prepare` (which pack
// runs after prepack: `build.mjs --if-stale`) does not build again for it.
import {existsSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
/** outside the package's `files`: never packed */
export const aside = join(root, '.package.json.prepack');

/** fields of the checkout's package.json that only its development needs */
export const DEVELOPMENT_ONLY = ['scripts', 'devDependencies', 'allowScripts'];

/** the shipped manifest from the checkout's (JSON text in, JSON text out; key order kept) */
export function shippedManifest(text) {
	const data = JSON.parse(text);
	for (const field of DEVELOPMENT_ONLY) delete data[field];
	return `${JSON.stringify(data, null, 2)}\n`;
}

/** puts the checkout's package.json back if a pack left it aside */
export function restore() {
	if (existsSync(aside)) renameSync(aside, manifest);
}

export function strip() {
	restore();
	const text = readFileSync(manifest, 'utf8');
	const {atime, mtime} = statSync(manifest);
	renameSync(manifest, aside);
	writeFileSync(manifest, shippedManifest(text));
	utimesSync(manifest, atime, mtime);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const command = process.argv[2];
	if (command === 'strip') strip();
	else if (command === 'restore') restore();
	else {
		console.error('usage: node scripts/packManifest.mjs strip|restore');
		process.exit(2);
	}
}
