/**
 * Every event string shown goes through the masking module (source/text/secrets.ts). Its rules are
 * tested on their own corpus; here the module is replaced by one that masks a marker, so what is
 * checked is that rows and the pager call it for commands, outputs, messages, errors and JSON.
 */
import {describe, expect, it, vi} from 'vitest';

vi.mock('../../source/text/secrets.js', async () => {
	const {clean} = await import('../../source/text/sanitize.js');
	const mask = (text: string | null | undefined) => clean(text).replaceAll('SECRETVALUE', '••••');
	return {maskSecrets: mask, maskCleanLine: (line: string) => line.replaceAll('SECRETVALUE', '••••'), maskUrlSecrets: mask, maskArgv: (a: string[]) => a.map(mask).join(' '), maskEnvValue: (_: string, v: string) => mask(v), registerKnownSecret: () => {}};
});

const {summarizeEvent} = await import('../../source/present/events/summarize.js');
const {eventDetail} = await import('../../source/present/events/detail.js');
const {CURRENT, LEGACY, event} = await import('../ui/eventFixtures.js');

const S = 'SECRETVALUE';
const show = (raw: object, answer?: object) => {
	const e = event(raw as Record<string, unknown>);
	const detail = eventDetail(e, answer ? event(answer as Record<string, unknown>) : undefined).map(l => l.text).join('\n');
	return {row: summarizeEvent(e).text, detail};
};

describe('secrets in events are masked in rows and in the pager', () => {
	it('commands and their outputs', () => {
		const action = {...LEGACY.bash, action: {...LEGACY.bash.action, command: `export GITHUB_TOKEN=${S} && git push`}, tool_call: {...LEGACY.bash.tool_call, arguments: `{"command":"export GITHUB_TOKEN=${S}"}`}};
		const output = {...LEGACY.bashOutput, observation: {...LEGACY.bashOutput.observation, content: [{type: 'text', text: `token=${S}\n    indented ${S}   aligned`}], command: `echo ${S}`}};
		const a = show(action, output);
		expect(a.row).toBe('$ export GITHUB_TOKEN=•••• && git push');
		expect(a.detail).toContain('export GITHUB_TOKEN=•••• && git push');
		// the output of the answering observation, spacing kept
		expect(a.detail).toContain('    indented ••••   aligned');
		const o = show(output);
		expect(o.row).toBe('exit 1 · token=•••• …');
		expect(o.detail).toContain('command: echo ••••');
		for (const text of [a.row, a.detail, o.row, o.detail]) expect(text).not.toContain(S);
	});

	it('messages, thoughts, errors, edits, rejections, unknown kinds', () => {
		const samples = [
			{...LEGACY.userMessage, llm_message: {role: 'user', content: [{type: 'text', text: `use key ${S}`}]}},
			{...LEGACY.bash, thought: [{type: 'text', text: `the key is ${S}`}]},
			{...LEGACY.agentError, error: `bad ${S}`},
			{...LEGACY.conversationError, detail: `invalid ${S}`},
			{...LEGACY.edit, action: {...LEGACY.edit.action, new_str: `API_KEY = "${S}"`}},
			{...LEGACY.reject, rejection_reason: `no ${S}`},
			{...LEGACY.condensation, summary: `uses ${S}`},
			{...CURRENT.unknown, message: `see ${S}`, nested: {note: `x ${S}`, password: 'hunter2hunter2'}},
			{...LEGACY.waiting, key: 'secrets', value: {note: S}},
		];
		for (const raw of samples) {
			const {row, detail} = show(raw);
			expect(row, JSON.stringify(raw)).not.toContain(S);
			expect(detail, JSON.stringify(raw)).not.toContain(S);
			expect(detail).not.toContain('hunter2hunter2');
		}
	});
});
