/**
 * The outcome of a tool call in one line: the exit code and first line of a command's output,
 * "file edited", a browser page's first line. Observation classes from the SDK's tools
 * (shared/openhands-api-newer.md 4.4): v1.1.0 `ExecuteBashObservation`, v1.37+ `TerminalObservation`.
 */
import {clean} from '../../text/sanitize.js';
import {contentText, num, obj, str, type Raw} from './fields.js';
import {rowText} from './text.js';

/** The trailer the terminal tool appends to every output (`[The command completed with exit code 1.]`). */
export const EXIT_TRAILER = /\n?\[(?:The command completed|Command finished) with exit code -?\d+\.?\]\s*$/;

export type Outcome = {text: string; error: boolean; failed: boolean};

export function observationOutcome(observation: Raw | null, tool: string | null): Outcome {
	if (!observation) return {text: clean(tool) || 'observation', error: false, failed: false};
	const kind = str(observation['kind']) ?? '';
	const error = observation['is_error'] === true;
	const output = observationText(observation);
	switch (kind) {
		case 'ExecuteBashObservation':
		case 'TerminalObservation':
		case 'CmdOutputObservation':
			return terminalOutcome(observation, output, error);
		case 'FileEditorObservation':
		case 'StrReplaceEditorObservation':
			return {text: error ? rowText(output) || 'file editor error' : editorOutcome(observation, output), error, failed: error};
	}
	const text = rowText(output) || clean(kind) || clean(tool) || 'observation';
	return {text, error, failed: error};
}

/** The output text of an observation: its `content` list, else the older `output` / `error` strings. */
export function observationText(observation: Raw): string {
	const content = contentText(observation['content']);
	if (content) return content;
	return str(observation['output']) ?? str(observation['error']) ?? '';
}

export function exitCode(observation: Raw): number | null {
	return num(observation['exit_code']) ?? num(obj(observation['metadata'])?.['exit_code']);
}

function terminalOutcome(observation: Raw, output: string, error: boolean): Outcome {
	const code = exitCode(observation);
	const first = rowText(output.replace(EXIT_TRAILER, '')) || '(no output)';
	if (observation['timeout'] === true) return {text: `timed out · ${first}`, error, failed: true};
	// -1 is the SDK's "no exit code yet" (a command still running or waiting for input)
	if (code === null || code === -1) return {text: first, error, failed: error};
	return {text: `exit ${code} · ${first}`, error, failed: error || code !== 0};
}

function editorOutcome(observation: Raw, output: string): string {
	const path = rowText(str(observation['path']));
	switch (str(observation['command'])) {
		case 'view':
			return `viewed ${path}`.trim();
		case 'create':
			return `file created ${path}`.trim();
		case 'str_replace':
		case 'insert':
		case 'undo_edit':
			return `file edited ${path}`.trim();
		default:
			return rowText(output) || `file editor ${path}`.trim();
	}
}
