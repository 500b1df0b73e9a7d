// What a user gets from `npm i -g ohtui`: the project is packed (npm pack runs prepack, which
// builds), the tarball is installed into a temporary prefix with no registry access, and the
// installed command runs: --version, serve, and the full-screen UI in a pty to its first frame.
// Nothing here reads the checkout's dist/ except through pack's own build.
import {execFile, spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {delimiter, dirname, join} from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {jsFilesUnder, walkBundle} from '../../scripts/bundleImports.mjs';
import {spawnProbe} from '../support/ptyProbe.js';
import {hasTabs} from '../bench/figures.js';
import {root} from './pty.js';

const run = promisify(execFile);
const checkoutManifest = readFileSync(join(root, 'package.json'), 'utf8');
const pkg = JSON.parse(checkoutManifest) as {name: string; version: string};
const work = mkdtempSync(join(tmpdir(), 'ohtui-pack-'));
const prefix = join(work, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', pkg.name);
const bin = join(prefix, 'bin', 'ohtui');

/**
 * npm and the installed command run on the Node running this test (first on PATH: the bin's
 * `#!/usr/bin/env node` finds it), without the outer `npm test`'s npm_* settings, with a cache
 * of its own (an offline install of a package with no dependencies needs none).
 */
function npmEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!/^npm_/i.test(name)) env[name] = value;
	}

	return {
		...env,
		PATH: [dirname(process.execPath), process.env['PATH'] ?? ''].join(delimiter),
		npm_config_cache: join(work, 'npm-cache'),
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
}

let tarball = '';
let packedFiles: string[] = [];
let installOutput = '';

beforeAll(async () => {
	const packed = await run('npm', ['pack', '--json', '--pack-destination', work], {cwd: root, env: npmEnv(), maxBuffer: 16 * 1024 * 1024});
	// lifecycle scripts print to stdout before npm's JSON
	const json = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{filename: string; files: Array<{path: string}>}>;
	tarball = join(work, json[0]!.filename);
	packedFiles = json[0]!.files.map(file => file.path).sort();
	const install = await run('npm', ['install', '--global', '--prefix', prefix, '--offline', tarball], {cwd: work, env: npmEnv()});
	installOutput = `${install.stdout}${install.stderr}`;
}, 180_000);

afterAll(() => {
	rmSync(work, {recursive: true, force: true});
});

describe('the packed and installed ohtui', () => {
	it('ships the bundle, README, LICENSE and package.json, and nothing else', () => {
		const other = packedFiles.filter(path => !path.startsWith('dist/'));
		expect(other).toEqual(['LICENSE', 'README.md', 'package.json']);
		// every shipped chunk is one the entry loads (no chunks of older builds, no devtools chunk)
		const {files, missing, bare} = walkBundle(join(installed, 'dist', 'cli.js'));
		expect(bare).toEqual([]);
		expect(missing).toEqual([]);
		expect(jsFilesUnder(join(installed, 'dist'))).toEqual(files);
		// and the two package.json files that say dist/cli.js is CommonJS and the chunks ES modules
		expect(packedFiles.filter(path => path.startsWith('dist/')).map(path => path.slice('dist/'.length))).toEqual([...files, 'chunks/package.json', 'package.json'].sort());
	});

	it('installs without a warning: its package.json has no scripts (npm 11 asks to --allow-scripts a tarball with `prepare`)', () => {
		expect(installOutput).not.toMatch(/warn|allow-scripts|ERR/i);
		const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
		for (const field of ['scripts', 'devDependencies', 'allowScripts']) expect(manifest[field]).toBeUndefined();
		expect(manifest['bin']).toEqual({ohtui: 'dist/cli.js'});
		// the checkout's own package.json is back as it was
		expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(checkoutManifest);
		expect(existsSync(join(root, '.package.json.prepack'))).toBe(false);
	});

	it('is one package with no dependencies, about 5 MB installed', () => {
		expect(existsSync(join(installed, 'node_modules'))).toBe(false);
		const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
		expect(manifest['dependencies']).toBeUndefined();
		expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual([pkg.name]);
		const bytes = readdirSync(installed, {recursive: true, withFileTypes: true})
			.filter(entry => entry.isFile())
			.reduce((sum, entry) => sum + statSync(join(entry.parentPath ?? entry.path, entry.name)).size, 0);
		// the TUI's script (3.1 MB, with its own client and stand-ins: scripts/build.mjs tuiEntry) and the
		// commands' chunks (~2 MB)
		expect(bytes).toBeLessThan(6 * 1024 * 1024);
	});

	it("is installed as the README's first lines say until it is published; the tarball left in a checkout is ignored by git", async () => {
		const install = readFileSync(join(root, 'README.md'), 'utf8').split('\n## ')[1]!;
		expect(install.indexOf('npm pack')).toBeGreaterThan(-1);
		expect(install.indexOf('npm i -g ./ohtui-*.tgz')).toBeGreaterThan(-1);
		// the registry's lines come after, for when it is published
		expect(install.indexOf('npm i -g ./ohtui-*.tgz')).toBeLessThan(install.indexOf('npm i -g ohtui'));
		const {stdout} = await run('git', ['check-ignore', '--no-index', tarball.slice(work.length + 1)], {cwd: root});
		expect(stdout.trim()).toBe(`${pkg.name}-${pkg.version}.tgz`);
	});

	it('`ohtui --version` prints the package version and the Node it runs on', async () => {
		const {stdout} = await run(bin, ['--version'], {env: npmEnv(), cwd: work});
		expect(stdout).toBe(`ohtui ${pkg.version} (node ${process.version})\n`);
	});

	it('`ohtui serve --port 0` listens and answers', async () => {
		const child = spawn(bin, ['serve', '--port', '0'], {env: npmEnv(), cwd: work, stdio: ['ignore', 'pipe', 'pipe']});
		try {
			const url = await new Promise<string>((resolve, reject) => {
				let out = '';
				let err = '';
				child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
					out += chunk;
					const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
					if (match) resolve(match[1]!);
				});
				child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
					err += chunk;
				});
				child.on('exit', code => {
					reject(new Error(`ohtui serve exited (${code}) before listening; stdout: ${out}; stderr: ${err}`));
				});
			});
			const response = await fetch(`${url}/api/v1/sandboxes/search`);
			expect(response.status).toBe(200);
			await response.arrayBuffer();
		} finally {
			child.kill('SIGTERM');
		}
	});

	it('runs the full-screen UI to its first frame and quits on q', async () => {
		// a fresh HOME and a cleaned environment, as every pty test has
		const probe = spawnProbe({command: bin, env: {PATH: npmEnv()['PATH']!}});
		try {
			await probe.waitForScreen(hasTabs, 'the four tab names', 30_000);
			probe.press('q');
			const {code} = await probe.exited;
			expect(code).toBe(0);
		} finally {
			probe.dispose();
		}
	});
});
