/**
 * The stand-in's "shell" for the bash routes (issue 28 item 5): never a real shell. A few canned
 * commands answer from the in-memory workspace (../agentServer/workspaces.ts), joined by `;`, `&&`
 * and `||`, with `>&2` and quotes as sh reads them: `pwd`, `cd`, `echo`, `ls`, `cat`, `seq`,
 * `sleep`, `true`, `false`, `exit N`, `whoami`, `git status`, `git ls-files`, `git rev-parse`;
 * and two whole scripts a client sends (the patch of an agent server without the archive route,
 * a folder's file list: ./shellScripts.ts). Anything else is sh's "not found", exit 127.
 *
 * A run is a list of steps (output, or a pause) and an exit code: the bash service plays them out
 * as a real server publishes a process's output (../workspace/bash.ts).
 */
import {normalize, type Workspaces} from '../agentServer/workspaces.js';
import {cannedScript, type ShellRun, type ShellStep} from './shellScripts.js';

export type {ShellRun, ShellStep};

type Word = string;
type Simple = {words: Word[]; toStderr: boolean};
type Link = {op: ';' | '&&' | '||' | null; command: Simple};

const MAX_SEQ = 5_000_000;

/** sh's word splitting for what these commands need: quotes, backslashes, the operators. */
function parse(line: string): Link[] | null {
	const links: Link[] = [];
	let words: Word[] = [];
	let word = '';
	let inWord = false;
	let op: Link['op'] = null;
	let toStderr = false;
	const endWord = () => {
		if (inWord) words.push(word);
		word = '';
		inWord = false;
	};
	const endCommand = (next: Link['op']) => {
		endWord();
		if (words.length > 0) links.push({op, command: {words, toStderr}});
		else if (next !== ';' && next !== null) return false;
		words = [];
		toStderr = false;
		op = next;
		return true;
	};
	for (let i = 0; i < line.length; i++) {
		const c = line[i]!;
		if (c === "'") {
			const end = line.indexOf("'", i + 1);
			if (end < 0) return null;
			word += line.slice(i + 1, end);
			inWord = true;
			i = end;
		} else if (c === '"') {
			let j = i + 1;
			for (; j < line.length && line[j] !== '"'; j++) {
				if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
				word += line[j];
			}
			if (j >= line.length) return null;
			inWord = true;
			i = j;
		} else if (c === '\\' && i + 1 < line.length) {
			word += line[++i];
			inWord = true;
		} else if (line.startsWith('>&2', i) || line.startsWith('1>&2', i)) {
			endWord();
			toStderr = true;
			i += line.startsWith('>&2', i) ? 2 : 3;
		} else if (line.startsWith('&&', i) || line.startsWith('||', i)) {
			if (!endCommand(c === '&' ? '&&' : '||')) return null;
			i++;
		} else if (c === ';' || c === '\n') {
			endCommand(';');
		} else if (c === '|' || c === '<' || c === '>' || c === '`' || c === '$' || c === '(' || c === ')') {
			return null;
		} else if (c === ' ' || c === '\t') {
			endWord();
		} else {
			word += c;
			inWord = true;
		}
	}
	endCommand(null);
	return links;
}

type Env = {cwd: string; fs: Workspaces};
type Result = {steps: ShellStep[]; exit: number; stop?: boolean};

const out = (text: string): Result => ({steps: text ? [{out: text}] : [], exit: 0});
const fail = (text: string, exit = 1): Result => ({steps: [{err: text}], exit});

function git(args: string[], env: Env): Result {
	const repo = env.fs.repoOf(env.cwd);
	if (!repo) return fail('fatal: not a git repository (or any of the parent directories): .git\n', 128);
	const sub = args[0];
	if (sub === 'rev-parse') {
		if (args.includes('--abbrev-ref')) return out('main\n');
		if (args.includes('--show-toplevel')) return out(`${repo.root}\n`);
		if (args.includes('--is-inside-work-tree')) return out('true\n');
		return out(`${repo.root.length.toString(16).padStart(40, '0')}\n`);
	}
	if (sub === 'ls-files') {
		const files = [...repo.tree.keys()].sort();
		return out(files.map(f => `${f}\n`).join(''));
	}
	if (sub === 'status') {
		const short = args.includes('--short') || args.includes('-s') || args.includes('--porcelain');
		const changes = env.fs.changes(repo.root);
		const list = 'failure' in changes ? [] : changes;
		const code = (status: string) => (status === 'ADDED' ? '??' : status === 'DELETED' ? ' D' : ' M');
		if (short) return out(list.map(c => `${code(c.status)} ${c.path}\n`).join(''));
		if (list.length === 0) return out('On branch main\nnothing to commit, working tree clean\n');
		const tracked = list.filter(c => c.status !== 'ADDED');
		const untracked = list.filter(c => c.status === 'ADDED');
		let text = 'On branch main\n';
		if (tracked.length > 0) {
			text += 'Changes not staged for commit:\n  (use "git add <file>..." to update what will be committed)\n\n';
			text += tracked.map(c => `\t${c.status === 'DELETED' ? 'deleted: ' : 'modified:'}   ${c.path}\n`).join('');
			text += '\n';
		}
		if (untracked.length > 0) text += `Untracked files:\n  (use "git add <file>..." to include in what will be committed)\n${untracked.map(c => `\t${c.path}\n`).join('')}\n`;
		return {steps: [{out: text}], exit: 0};
	}
	return fail(`git: '${sub ?? ''}' is not a git command. See 'git --help'.\n`);
}

function simple(command: Simple, env: Env): Result {
	const [name, ...args] = command.words;
	const where = (path: string) => normalize(path.startsWith('/') ? path : `${env.cwd}/${path}`);
	switch (name) {
		case 'true':
		case ':':
			return out('');
		case 'false':
			return {steps: [], exit: 1};
		case 'exit':
			return {steps: [], exit: Number(args[0] ?? 0) & 255, stop: true};
		case 'pwd':
			return out(`${env.cwd}\n`);
		case 'whoami':
			return out('dev\n');
		case 'echo': {
			const newline = args[0] !== '-n';
			const text = `${(newline ? args : args.slice(1)).join(' ')}${newline ? '\n' : ''}`;
			return command.toStderr ? {steps: [{err: text}], exit: 0} : out(text);
		}
		case 'cd': {
			const target = where(args[0] ?? '/home/dev');
			if (!env.fs.isDir(target)) return fail(`sh: 1: cd: can't cd to ${args[0]}\n`, 2);
			env.cwd = target;
			return out('');
		}
		case 'ls': {
			const path = args.find(a => !a.startsWith('-')) ?? '.';
			const target = where(path);
			const found = env.fs.read(target);
			if (found === null) return fail(`ls: cannot access '${path}': No such file or directory\n`, 2);
			if (found !== 'dir') return out(`${path}\n`);
			const all = args.some(a => a.startsWith('-') && a.includes('a'));
			const names = env.fs.list(target).filter(n => all || !n.startsWith('.')).map(n => (args.some(a => a.startsWith('-') && a.includes('p')) ? n : n.replace(/\/$/, '')));
			return out(names.map(n => `${n}\n`).join(''));
		}
		case 'cat': {
			let text = '';
			for (const path of args) {
				const found = env.fs.read(where(path));
				if (found === null) return {steps: [{out: text}, {err: `cat: ${path}: No such file or directory\n`}], exit: 1};
				if (found === 'dir') return {steps: [{out: text}, {err: `cat: ${path}: Is a directory\n`}], exit: 1};
				text += found.toString('utf8');
			}
			return out(text);
		}
		case 'seq': {
			const first = args.length > 1 ? Number(args[0]) : 1;
			const last = Number(args.at(-1));
			if (!Number.isInteger(first) || !Number.isInteger(last) || last - first > MAX_SEQ) return fail(`seq: invalid argument\n`);
			const parts: string[] = [];
			for (let n = first; n <= last; n++) parts.push(`${n}\n`);
			return out(parts.join(''));
		}
		case 'sleep': {
			const seconds = Number(args[0]);
			if (!Number.isFinite(seconds) || seconds < 0) return fail('sleep: invalid time interval\n');
			return {steps: [{sleepMs: seconds * 1000}], exit: 0};
		}
		case 'git':
			return git(args, env);
		default:
			return fail(`/bin/sh: 1: ${name}: not found\n`, 127);
	}
}

/** What `command` does in `cwd` (a folder that exists: the service checks it first). */
export function runShell(command: string, cwd: string, fs: Workspaces): ShellRun {
	const canned = cannedScript(command, cwd, fs);
	if (canned) return canned;
	const links = parse(command);
	if (!links) return {steps: [{err: `/bin/sh: 1: Syntax error: this stand-in shell runs simple commands only\n`}], exit: 2};
	const env: Env = {cwd, fs};
	const steps: ShellStep[] = [];
	let exit = 0;
	for (const link of links) {
		if ((link.op === '&&' && exit !== 0) || (link.op === '||' && exit === 0)) continue;
		const result = simple(link.command, env);
		steps.push(...result.steps);
		exit = result.exit;
		if (result.stop) break;
	}
	return {steps, exit};
}
