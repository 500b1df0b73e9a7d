/**
 * The gist of an agent's action in one line: the command run, the file and kind of edit, the URL
 * browsed. Class names and fields from the SDK's tools (shared/openhands-api-newer.md 4.4): v1.1.0
 * `ExecuteBashAction`, v1.37+ `TerminalAction`, the file editor, the browser family, think, finish,
 * the task tracker, glob/grep, delegate, and the v1.43 file tools. Anything else gets the tool name
 * and its most telling string field.
 */
import {clean} from '../../text/sanitize.js';
import {maskUrlSecrets} from '../../text/secrets.js';
import {arr, num, str, type Raw} from './fields.js';
import {rowText} from './text.js';

/** One clean, masked line; `tool` is the event's `tool_name` (used when the action kind is unknown). */
export function actionGist(action: Raw, tool: string | null): string {
	const kind = str(action['kind']) ?? '';
	const path = str(action['path']) ?? str(action['file_path']);
	switch (kind) {
		case 'ExecuteBashAction':
		case 'TerminalAction':
		case 'CmdRunAction':
			return terminalGist(action);
		case 'FileEditorAction':
		case 'StrReplaceEditorAction':
			return editorGist(action);
		case 'ThinkAction':
			return `think: ${rowText(str(action['thought']))}`;
		case 'FinishAction':
			return `finish: ${rowText(str(action['message']))}`;
		case 'TaskTrackerAction': {
			const tasks = arr(action['task_list']).length;
			return `tasks: ${clean(str(action['command']) ?? 'view')}${tasks ? ` (${tasks} task${tasks === 1 ? '' : 's'})` : ''}`;
		}
		case 'GlobAction':
			return `glob ${rowText(str(action['pattern']))}${path ? ` in ${rowText(path)}` : ''}`;
		case 'GrepAction':
			return `grep ${rowText(str(action['pattern']))}${path ? ` in ${rowText(path)}` : ''}`;
		case 'ReadFileAction':
			return `read ${rowText(path)}`;
		case 'WriteFileAction':
			return `write ${rowText(path)}`;
		case 'EditAction':
			return `edit ${rowText(path)}`;
		case 'ListDirectoryAction':
			return `list ${rowText(path ?? str(action['dir_path']) ?? '.')}`;
		case 'ApplyPatchAction':
			return patchGist(str(action['patch']) ?? '');
		case 'DelegateAction':
			return `delegate: ${clean(str(action['command']))} ${arr(action['ids']).map(id => clean(id)).join(', ')}`.trim();
	}
	if (kind.startsWith('Browser')) return browserGist(kind, action);
	return genericGist(kind, action, tool);
}

function terminalGist(action: Raw): string {
	const command = str(action['command']) ?? '';
	if (action['reset'] === true) return 'reset the terminal';
	if (action['is_input'] === true) return command ? `input: ${rowText(command)}` : 'read the terminal';
	return `$ ${rowText(command)}`;
}

function editorGist(action: Raw): string {
	const path = rowText(str(action['path']));
	switch (str(action['command'])) {
		case 'view': {
			const range = arr(action['view_range']).map(num).filter((n): n is number => n !== null);
			return `view ${path}${range.length === 2 ? `:${range[0]}-${range[1]}` : ''}`;
		}
		case 'create':
			return `create ${path}`;
		case 'str_replace':
			return `edit ${path} (replace)`;
		case 'insert': {
			const line = num(action['insert_line']);
			return `edit ${path} (insert${line === null ? '' : ` after line ${line}`})`;
		}
		case 'undo_edit':
			return `undo the last edit of ${path}`;
		default:
			return `file editor ${clean(str(action['command']))} ${path}`.trim();
	}
}

// `BrowserNavigateAction` → "navigate": the verb is the class name between the family and "Action".
function browserGist(kind: string, action: Raw): string {
	const url = str(action['url']);
	if (url !== null) return `browse ${maskUrlSecrets(url)}`;
	const verb = kind
		.replace(/^Browser/, '')
		.replace(/Action$/, '')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.toLowerCase();
	const index = num(action['index']);
	const direction = str(action['direction']);
	// typed text may be a password: the pager shows it, masked; the row does not
	return `browser ${clean(verb) || 'action'}${index === null ? '' : ` #${index}`}${direction ? ` ${clean(direction)}` : ''}`;
}

/** `*** Update File: a.py` (v4a patches) or `+++ b/a.py` (unified diffs): the files it touches. */
function patchGist(patch: string): string {
	const files = new Set<string>();
	for (const match of patch.slice(0, 200_000).matchAll(/^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ (?:b\/)?)(.+)$/gm)) {
		if (match[1] && match[1] !== '/dev/null') files.add(match[1]);
		if (files.size > 5) break;
	}
	const list = [...files];
	return list.length ? `apply patch: ${rowText(list.join(', '))}` : 'apply patch';
}

const TELLING_FIELDS = ['command', 'path', 'file_path', 'url', 'query', 'pattern', 'message', 'name', 'title', 'text', 'task'];

function genericGist(kind: string, action: Raw, tool: string | null): string {
	const label = clean(tool) || clean(kind.replace(/Action$/, '')) || 'action';
	for (const key of TELLING_FIELDS) {
		const value = str(action[key]);
		if (value) return `${label}: ${key === 'url' ? maskUrlSecrets(value) : rowText(value)}`;
	}
	return label;
}
