import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach} from 'vitest';

const made: string[] = [];

afterEach(() => {
	for (const directory of made.splice(0)) {
		rmSync(directory, {recursive: true, force: true});
	}
});

/** A temporary XDG_CONFIG_HOME holding `ohtui/config.json` with `content` (a string is written as is). */
export function configHome(content?: unknown, mode = 0o600): {home: string; path: string; env: Record<string, string>} {
	const home = mkdtempSync(join(tmpdir(), 'ohtui-config-'));
	made.push(home);
	const path = join(home, 'ohtui', 'config.json');
	if (content !== undefined) {
		mkdirSync(join(home, 'ohtui'));
		writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
		chmodSync(path, mode);
	}

	return {home, path, env: {XDG_CONFIG_HOME: home, HOME: home}};
}
