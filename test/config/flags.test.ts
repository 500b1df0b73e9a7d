import {describe, expect, it} from 'vitest';
import {UsageError} from '../../source/config/errors.js';
import {parseArgs} from '../../source/config/flags.js';

function usageMessage(argv: string[]): string {
	try {
		parseArgs(argv);
	} catch (error) {
		expect(error).toBeInstanceOf(UsageError);
		return (error as UsageError).message;
	}

	throw new Error('expected a usage error');
}

describe('parseArgs', () => {
	it('reads every flag, in both --flag value and --flag=value forms', () => {
		expect(parseArgs(['--url', 'http://h:3000', '--profile=work', '--refresh', '2.5', '--auth=bearer', '--demo'])).toEqual({
			command: 'run',
			flags: {url: 'http://h:3000', profile: 'work', refresh: 2.5, auth: 'bearer', demo: true},
		});
		expect(parseArgs([])).toEqual({command: 'run', flags: {}});
	});

	it('dispatches serve with the rest of argv untouched', () => {
		expect(parseArgs(['serve', '--port', '0', '--whatever'])).toEqual({command: 'serve', argv: ['--port', '0', '--whatever']});
	});

	it('takes global flags before the command as well as after it, as gh and kubectl do', () => {
		expect(parseArgs(['--profile', 'local', 'ls', '--json'])).toEqual({command: 'command', name: 'ls', argv: ['--profile', 'local', '--json']});
		expect(parseArgs(['--all', 'status'])).toEqual({command: 'command', name: 'status', argv: ['--all']});
		expect(parseArgs(['--url=http://h:3000', '--auth', 'bearer', 'doctor'])).toEqual({command: 'doctor', argv: ['--url=http://h:3000', '--auth', 'bearer']});
		// a flag's value is no command
		expect(parseArgs(['--profile', 'ls'])).toEqual({command: 'run', flags: {profile: 'ls'}});
		expect(parseArgs(['-v', 'ls'])).toEqual({command: 'version'});
		expect(parseArgs(['--help', 'serve'])).toEqual({command: 'serve', argv: ['--help']});
		// checked as the app's flags, one line each; a command's own flag goes after it
		expect(usageMessage(['--refresh', '0', 'ls'])).toBe('--refresh: expected a number of seconds >= 1');
		expect(usageMessage(['--json', 'ls'])).toBe("unknown flag --json (ls's own flags go after it)");
		expect(usageMessage(['--url', 'http://h', 'serve'])).toBe('serve takes no global flags: its own go after it (ohtui serve --help)');
		expect(usageMessage(['--url', 'http://h', 'lst'])).toBe('unknown command "lst" (see ohtui --help for the commands)');
	});

	it('answers help and version', () => {
		expect(parseArgs(['--help'])).toEqual({command: 'help'});
		expect(parseArgs(['-h'])).toEqual({command: 'help'});
		expect(parseArgs(['--version'])).toEqual({command: 'version'});
		expect(parseArgs(['--url', 'http://x', '-v'])).toEqual({command: 'version'});
	});

	it('refuses unknown flags, missing values and bad values with one line each', () => {
		expect(usageMessage(['--nope'])).toBe('unknown flag --nope');
		expect(usageMessage(['--url'])).toBe('--url needs a value');
		expect(usageMessage(['--url', '--demo'])).toBe('--url needs a value');
		expect(usageMessage(['--url='])).toBe('--url needs a value');
		expect(usageMessage(['--refresh', '0.5'])).toBe('--refresh: expected a number of seconds >= 1');
		expect(usageMessage(['--refresh', 'soon'])).toBe('--refresh: expected a number of seconds >= 1');
		expect(usageMessage(['--max-items', '50'])).toBe('--max-items: expected a whole number >= 100');
		expect(usageMessage(['--max-items', '1e3.5'])).toBe('--max-items: expected a whole number >= 100');
		expect(usageMessage(['--auth', 'basic'])).toBe('--auth: expected "auto", "session" or "bearer"');
		expect(usageMessage(['list'])).toBe('unknown command "list" (did you mean ls? see ohtui --help for the commands)');
		expect(usageMessage(['lst'])).toBe('unknown command "lst" (see ohtui --help for the commands)');
		expect(usageMessage(['help'])).toContain('--help');
	});

	it('has no flag for the key and never echoes a value given to one', () => {
		const message = usageMessage(['--api-key=sk-very-secret']);
		expect(message).toContain('OPENHANDS_API_KEY');
		expect(message).not.toContain('sk-very-secret');
		expect(usageMessage(['--api-key', 'sk-very-secret'])).not.toContain('sk-very-secret');
		expect(usageMessage(['--token=sk-very-secret'])).not.toContain('sk-very-secret');
		expect(usageMessage(['--bogus=sk-very-secret'])).not.toContain('sk-very-secret');
		expect(usageMessage(['sk-very-secret'])).not.toContain('sk-very-secret');
	});

	it('keeps control characters out of messages', () => {
		const message = usageMessage(['--\u001B[31mred']);
		expect(message).not.toContain('\u001B');
	});
});
