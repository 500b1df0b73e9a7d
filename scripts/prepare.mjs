#!/usr/bin/env node
// npm's `prepare`: builds dist/ for a git install (`npm i git+…`) and after `npm install`/`npm ci`
// in a checkout. A global git install (`npm i -g git+…`) runs it without the devDependencies it
// was promised (npm/cli#8440, open as of npm 11.19): then they are installed here first, into
// this clone only, without their install scripts (the build needs none: esbuild's binary comes
// from its platform package, node-pty is only for the tests).
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function canBuild() {
	try {
		createRequire(join(root, 'package.json')).resolve('esbuild');
		return true;
	} catch {
		return false;
	}
}

if (!canBuild()) {
	const npm = process.env['npm_execpath'];
	const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
	const env = {...process.env, npm_config_global: 'false', npm_config_prefix: root, npm_config_location: 'project'};
	execFileSync(command, [...args, 'install', '--no-save', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {cwd: root, env, stdio: 'inherit'});
}

execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], {cwd: root, stdio: 'inherit'});
