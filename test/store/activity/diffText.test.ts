import {describe, expect, it} from 'vitest';
import {learnOffset} from '../../../source/store/activity/activityAgent.js';
import {unifiedDiff} from '../../../source/store/activity/diffText.js';
import type {AppConversation, ConversationEvent} from '../../../source/api/schemas/index.js';

describe('unified diff of two whole texts', () => {
	it('hunks with context, counts, file headers', () => {
		const before = Array.from({length: 20}, (_, i) => `line ${i}`).join('\n') + '\n';
		const after = before.replace('line 5\n', 'line five\n').replace('line 15\n', 'line 15\nline 15b\n');
		const diff = unifiedDiff('src/a.txt', before, after);
		expect(diff.added).toBe(2);
		expect(diff.removed).toBe(1);
		expect(diff.note).toBeNull();
		const lines = diff.text.split('\n');
		expect(lines.slice(0, 3)).toEqual(['--- a/src/a.txt', '+++ b/src/a.txt', '@@ -3,7 +3,7 @@']);
		expect(lines).toContain('-line 5');
		expect(lines).toContain('+line five');
		expect(lines).toContain('+line 15b');
	});

	it('an added file, a deleted file, equal texts', () => {
		expect(unifiedDiff('n.md', null, '# a\n# b\n')).toMatchObject({added: 2, removed: 0});
		expect(unifiedDiff('d.md', 'x\n', null)).toMatchObject({added: 0, removed: 1});
		expect(unifiedDiff('same', 'x\n', 'x\n')).toEqual({text: '', added: 0, removed: 0, note: null});
	});

	it('an empty side is the range before the first line, as diff and git write it (`-0,0`)', () => {
		expect(unifiedDiff('n.md', '', '# a\n# b\n').text.split('\n')[2]).toBe('@@ -0,0 +1,2 @@');
		expect(unifiedDiff('d.md', 'x\ny\n', null).text.split('\n')[2]).toBe('@@ -1,2 +0,0 @@');
	});

	it('binary: said, not diffed', () => {
		expect(unifiedDiff('img.png', 'PNG\u0000a', 'PNG\u0000b')).toMatchObject({text: 'Binary file img.png differs', note: expect.stringMatching(/binary/)});
	});

	it('bounded: a file whose every line changed is shown replaced whole between the common head and tail', () => {
		const n = 5000;
		const before = Array.from({length: n}, (_, i) => `a${i}`).join('\n');
		const after = Array.from({length: n}, (_, i) => `b${i}`).join('\n');
		const diff = unifiedDiff('big.txt', `head\n${before}\ntail\n`, `head\n${after}\ntail\n`);
		// the note says the line diff was given up, which only the bound does
		expect(diff.note).toMatch(/too many changes/);
		expect(diff).toMatchObject({added: n, removed: n});
		expect(diff.text.split('\n').slice(0, 4)).toEqual(['--- a/big.txt', '+++ b/big.txt', `@@ -1,${n + 2} +1,${n + 2} @@`, ' head']);
		expect(diff.text.endsWith(' tail')).toBe(true);
		// a longer one: the counts exact, the text cut where the pager would stop anyway
		const big = Array.from({length: 30_000}, (_, i) => `a${i}`).join('\n');
		const cut = unifiedDiff('big.txt', big, big.replaceAll('a', 'b'));
		expect(cut).toMatchObject({added: 30_000, removed: 30_000});
		expect(cut.text.split('\n')).toHaveLength(20_001);
		expect(cut.text.endsWith('… 40003 more lines of this diff not shown')).toBe(true);
	});
});

describe('texts as an agent server sends them (sdk git_diff.py; a real 1.43.1, /work/realas README)', () => {
	// `original` is `git show` output stripped, `modified` the file's lines joined with \n: neither
	// side keeps its final newline, so whether the file has one is not known here
	it('claims no missing final newline when neither side has one', () => {
		const diff = unifiedDiff('app.py', 'import os\n\nprint(1)', 'import os\n\nprint(2)');
		expect(diff).toMatchObject({added: 1, removed: 1, note: null});
		expect(diff.text).not.toMatch(/No newline/);
		expect(diff.text.split('\n').at(-1)).toBe('+print(2)');
		const added = unifiedDiff('NOTES.txt', '', 'remember the tests');
		expect(added).toMatchObject({added: 1, removed: 0});
		expect(added.text).not.toMatch(/No newline/);
		expect(unifiedDiff('gone.txt', 'a\nb', null).text).not.toMatch(/No newline/);
	});

	it('nor when one side has it and the other not, around a real change', () => {
		const diff = unifiedDiff('a.txt', 'one\ntwo\n', 'one\nTWO');
		expect(diff).toMatchObject({added: 1, removed: 1});
		expect(diff.text).not.toMatch(/No newline/);
	});

	it('texts that differ only at the end or in line endings: no line shown as changed, and a note that says why', () => {
		// the original stripped of a trailing blank line, the file's CRLF read as LF
		const cases: [string, string][] = [
			['a\nb', 'a\nb\n'],
			['a\nb\n', 'a\nb'],
			['a\r\nb\r\n', 'a\nb'],
		];
		for (const [original, modified] of cases) {
			expect(unifiedDiff('x.txt', original, modified)).toEqual({text: '', added: 0, removed: 0, note: expect.stringMatching(/^no line differs: the texts differ only in line endings or newlines at the end/)});
		}
	});
});

describe('the agent server clock offset (doc 5.3)', () => {
	const conversation = (updatedAt: string) => ({updated_at: Date.parse(updatedAt)}) as AppConversation;
	const event = (timestamp: string) => ({id: 'e', kind: 'MessageEvent', timestamp, source: 'agent', raw: {}}) as ConversationEvent;

	it('naive local stamps against aware updated_at, rounded to a quarter hour', () => {
		// a server at UTC+5:30 whose last event came 20 s before the last update
		expect(learnOffset(0, conversation('2026-11-25T11:00:20Z'), [event('2026-11-25T16:30:00.123456')])).toBe(5.5 * 3_600_000);
		expect(learnOffset(0, conversation('2026-11-25T11:00:20Z'), [event('2026-11-25T06:00:00')])).toBe(-5 * 3_600_000);
		expect(learnOffset(0, conversation('2026-11-25T11:00:20Z'), [event('2026-11-25T11:00:01')])).toBe(0);
	});

	it('a gap far from any zone (a rename long after the last event) keeps what was known', () => {
		expect(learnOffset(3_600_000, conversation('2026-11-25T11:07:30Z'), [event('2026-11-25T11:00:00')])).toBe(3_600_000);
		expect(learnOffset(0, conversation('2026-11-25T11:00:00Z'), [event('2026-11-28T11:00:00')])).toBe(0);
		expect(learnOffset(0, null, [event('2026-11-25T11:00:00')])).toBe(0);
		expect(learnOffset(0, conversation('2026-11-25T11:00:00Z'), [event('2026-11-25T16:00:00Z')])).toBe(0);
	});
});
