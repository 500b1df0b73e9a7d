/**
 * Passwords in flags whose names do not say so (issue 21 item 3): `curl -u user:pass`, `sshpass -p`,
 * `mysql -pPASS`, `docker login -p`, `redis-cli -a`, `ldapsearch -w`, `smbclient -U user%pass`,
 * `zip -P`, `7z -pPASS`, `openssl -passin pass:…`, `mongosh -p`, `sqlcmd -P`, `az login -p`,
 * `lftp -u user,pass`, `ipmitool -P`, `sqlplus user/pass@db`, `htpasswd -b file user pass`. The same
 * flag means something else elsewhere (`docker run -u 1000:1000`, `pytest -p no:cacheprovider`), so
 * each rule belongs to its command: the arguments after the command's word, wherever the word stands
 * (issue 27 item 1: a command was masked where it started a line, its action's row, and shown where
 * it did not: the pager's `command: curl --user u:p`, an agent's message quoting it). One table serves
 * argv (MCP servers, spec commands) and command lines in free text.
 */
import {hidesValue, isSecretName} from './secretNames.js';
import {MASK} from './secretShapes.js';
import {maskStdinFeeds} from './stdinSecrets.js';

/** What to hide of one argument: all of it, or from a position (up to another). */
type Hide = {whole: true} | {from: number; to?: number};

/** Per command: given the arguments after it and an index, what argument `i` hides (null: nothing). */
type Rule = (args: readonly string[], i: number) => Hide | null;

const WHOLE: Hide = {whole: true};

/** The value of flag `names`: the next argument, or attached (`-pX`, `--user=X`). */
function flagValue(args: readonly string[], i: number, names: readonly string[], attached: boolean): {index: number; hide: Hide} | null {
	const arg = args[i]!;
	for (const name of names) {
		if (arg === name) return i + 1 < args.length ? {index: i + 1, hide: WHOLE} : null;
		if (name.startsWith('--') && arg.startsWith(`${name}=`)) return {index: i, hide: {from: name.length + 1}};
		if (attached && !name.startsWith('--') && arg.startsWith(name) && arg.length > name.length) return {index: i, hide: {from: name.length}};
	}
	return null;
}

/** A rule hiding the value of some flags, optionally only its part after `after` (`user:pass`). */
function flags(names: readonly string[], options: {attached?: boolean; after?: string; afterValue?: string} = {}): Rule {
	return (args, i) => {
		for (let j = Math.max(0, i - 1); j <= i; j++) {
			const found = flagValue(args, j, names, options.attached ?? false);
			if (!found || found.index !== i) continue;
			const value = 'from' in found.hide ? args[i]!.slice(found.hide.from) : args[i]!;
			if (options.after !== undefined) {
				if (!value.includes(options.after)) return null;
				const at = (args[i]!.length - value.length) + value.indexOf(options.after) + options.after.length;
				return {from: at};
			}
			if (options.afterValue !== undefined) return value.startsWith(options.afterValue) ? {from: args[i]!.length - value.length + options.afterValue.length} : null;
			return found.hide;
		}
		return null;
	};
}

/** A rule of one subcommand only (`docker login -p`, not `docker run -p 8080:80`). */
const under = (subcommand: string, rule: Rule): Rule => (args, i) => (args.slice(0, i).includes(subcommand) ? rule(args, i) : null);

const either = (...rules: Rule[]): Rule => (args, i) => rules.reduce<Hide | null>((found, rule) => found ?? rule(args, i), null);

const RULES: Record<string, Rule> = {
	curl: flags(['-u', '--user', '-U', '--proxy-user'], {attached: true, after: ':'}),
	wget: flags(['--user', '--http-user'], {after: ':'}),
	sshpass: flags(['-p'], {attached: true}),
	sqlcmd: flags(['-P']),
	'redis-cli': flags(['-a', '--pass']),
	zip: flags(['-P']),
	unzip: flags(['-P']),
	'7z': flags(['-p'], {attached: true}),
	'7za': flags(['-p'], {attached: true}),
	smbclient: flags(['-U', '--user'], {after: '%'}),
	rpcclient: flags(['-U', '--user'], {after: '%'}),
	openssl: either(flags(['-passin', '-passout', '-pass'], {afterValue: 'pass:'}), flags(['-k'])),
	lftp: flags(['-u', '--user'], {after: ','}),
	ipmitool: flags(['-P']),
	bcp: flags(['-P']),
	sqlplus: connectString,
	htpasswd: batchPassword,
	// verify-secrets: HTTPie's basic auth, ssh-keygen's new and old passphrases, a GitHub secret's body
	http: flags(['-a'], {after: ':'}),
	https: flags(['-a'], {after: ':'}),
	'ssh-keygen': flags(['-N', '-P']),
	gh: under('secret', flags(['-b', '--body'])),
	// `config set NAME VALUE`: the value of a name that says secret (`npm config set //host/:_authToken …`,
	// `aws configure set aws_secret_access_key …`, `poetry config pypi-token.pypi …`)
	aws: under('set', namedValue),
	poetry: under('config', namedValue),
	rclone: under('config', namedValue),
};
for (const name of ['mysql', 'mysqldump', 'mysqladmin', 'mysqlimport', 'mariadb', 'mariadb-dump']) RULES[name] = mysqlPassword;
for (const name of ['docker', 'podman', 'buildah', 'skopeo', 'nerdctl', 'helm', 'oras', 'crane', 'az', 'oc']) RULES[name] = under('login', flags(['-p', '--password']));
for (const name of ['mongo', 'mongosh', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport']) RULES[name] = flags(['-p', '--password']);
for (const name of ['npm', 'yarn', 'pnpm']) RULES[name] = under('set', namedValue);
for (const name of ['ldapsearch', 'ldapadd', 'ldapmodify', 'ldapdelete', 'ldapwhoami', 'ldappasswd']) RULES[name] = flags(['-w']);

/** The argument after one that is a secret's name (and no flag). */
function namedValue(args: readonly string[], i: number): Hide | null {
	const name = args[i - 1];
	return name !== undefined && !name.startsWith('-') && !name.includes('=') && isSecretName(name) && hidesValue(name, args[i]!) ? WHOLE : null;
}

/** mysql's `-pPASS` (attached only: a lone `-p` asks for it, and `-p NAME` is the database). */
function mysqlPassword(args: readonly string[], i: number): Hide | null {
	const arg = args[i]!;
	return arg.startsWith('-p') && arg.length > 2 && !arg.startsWith('--') ? {from: 2} : null;
}

/** sqlplus's `user/password@db` (the first argument that is no flag). */
function connectString(args: readonly string[], i: number): Hide | null {
	if (args.slice(0, i).some(arg => !arg.startsWith('-'))) return null;
	const match = /^([^-/\s@][^/\s@]*\/)([^@\s]+)/.exec(args[i]!);
	return match ? {from: match[1]!.length, to: match[0].length} : null;
}

/** htpasswd's batch mode (`-b`, `-cb`, `-bB`): `htpasswd -b FILE USER PASSWORD`. */
function batchPassword(args: readonly string[], i: number): Hide | null {
	if (!args.some(arg => /^-[a-zA-Z]*b[a-zA-Z]*$/.test(arg))) return null;
	const positional = args.flatMap((arg, j) => (arg.startsWith('-') ? [] : [j]));
	return positional[2] === i ? WHOLE : null;
}

/** The command a word names: quotes, a backtick or a parenthesis before it and a path go (`"/usr/bin/curl`). */
const commandName = (word: string): string => (/^[\w.-]*$/.test(word) ? word : word.replace(/^["'`(]+/, '').split('/').pop()!);

/** argv with the passwords of its commands' flags masked (other arguments as they are). */
export function maskCommandArgs(args: readonly string[]): string[] {
	const out = [...args];
	const ruled = args.map(arg => Object.hasOwn(RULES, commandName(arg)));
	let at = ruled.indexOf(true);
	while (at !== -1) {
		const rule = RULES[commandName(args[at]!)]!;
		// a command's arguments run to the next command with a rule
		let end = at + 1;
		while (end < args.length && !ruled[end]) end++;
		const rest = args.slice(at + 1, end);
		rest.forEach((arg, i) => {
			const hide = rule(rest, i);
			// an empty password (`ssh-keygen -N ""`) hides nothing
			if (!hide || arg.includes(MASK) || /^["'`]*$/.test(arg)) return;
			out[at + 1 + i] = hideIn(arg, hide);
		});
		at = end < args.length ? end : -1;
	}
	return out;
}

/** The argument with its hidden part masked; its quotes stay (`"alice:••••"`, `-p'••••'`). */
function hideIn(arg: string, hide: Hide): string {
	// an opening quote of an attached value (`-p'…'`) is none of it: masked, it left `-p••••'`
	const from = 'whole' in hide ? 0 : hide.from + /^["'`]*/.exec(arg.slice(hide.from))![0].length;
	const to = 'whole' in hide || hide.to === undefined ? arg.length - (/["'`)]*$/.exec(arg)![0].length) : hide.to;
	if ('whole' in hide) return MASK;
	return `${arg.slice(0, from)}${MASK}${arg.slice(Math.max(from, to))}`;
}

const SEGMENT = /(\|\|?|&&|;|\$\(|`|\n)/;
// a word one of the rules is for, anywhere: the quick test before a line is cut into words
const COMMAND_WORD = new RegExp(`(?<![\\w-])(?:${Object.keys(RULES).map(name => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`);

// a word's quotes, brackets and commas around it: argv written as a list in code or JSON
// (`subprocess.run(["curl", "-u", "deploy:…", url])` showed the password, verify-secrets)
const LEAD = /^(?:[^\s"'`]*[[(])?["'`]*/;
const TRAIL = new Set(['"', "'", '`', ')', ']', ',']);

/** A word as [lead, core, trail] (the trail found from the end: a regex for it is quadratic on `))))…x`). */
function unwrap(word: string): [string, string, string] {
	const lead = LEAD.exec(word)![0];
	let end = word.length;
	while (end > lead.length && TRAIL.has(word[end - 1]!)) end--;
	return [lead, word.slice(lead.length, end), word.slice(end)];
}

/** A line of text with commands in it: each command's password flags masked, spacing kept. */
export function maskCommandText(line: string): string {
	const text = line.includes('|') || line.includes('<<<') ? maskStdinFeeds(line) : line;
	if (!/[\s"'`]-|\/|\bconfig/.test(text) || !COMMAND_WORD.test(text)) return text;
	return text
		.split(SEGMENT)
		.map((segment, i) => {
			if (i % 2 === 1) return segment;
			const parts = segment.split(/(\s+)/);
			const at = parts.flatMap((part, j) => (j % 2 === 0 && part !== '' ? [j] : []));
			const words = at.map(j => unwrap(parts[j]!));
			const masked = maskCommandArgs(words.map(word => word[1]));
			at.forEach((j, k) => {
				const [lead, core, trail] = words[k]!;
				if (masked[k] !== core) parts[j] = `${lead}${masked[k]}${trail}`;
			});
			return parts.join('');
		})
		.join('');
}
