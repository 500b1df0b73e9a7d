// What the router hands out next: keys one by one to a list, typed runs and unbracketed pastes as
// one paste to a text field, ESC + key as an Alt chord only to a layer that reads them.
import {describe, expect, it} from 'vitest';
import {keyName} from '../../source/ui/keys/keyNames.js';
import {NO_KEY, PASTE, pressesOf, splitRun, type Press} from '../../source/ui/keys/splitKeys.js';
import {takePress, type Reader} from '../../source/ui/keys/takePress.js';

/** The presses of reads as the router queues them (one chunk number per read). */
function queueOf(...reads: string[]): Press[] {
	return reads.flatMap((read, i) => {
		const escPair = read.length >= 2 && read.startsWith('\u001B') && !/^\u001B[[O]./.test(read);
		// what useInput reports for one key, a run or ESC + key (the raw read is what decides here)
		const presses = [...read].length === 1 ? splitRun(read, i + 1) : pressesOf(read, escPair ? read.slice(1) : read, {...NO_KEY, meta: escPair}, i + 1);
		return presses.map(p => ({...p, name: keyName(p.input, p.key)}));
	});
}

function drain(queue: Press[], reader?: Reader): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	while (queue.length > 0) {
		const press = takePress(queue, reader);
		out.push([press.name, press.input]);
	}
	return out;
}

const TEXT: Reader = {text: true, alt: false};
const EDITOR: Reader = {text: true, alt: true};

describe('takePress', () => {
	it('a list gets every key of a read on its own', () => {
		expect(drain(queueOf('jj\r')).map(([name]) => name)).toEqual(['j', 'j', 'enter']);
	});

	it('a text field gets a typed run as one paste, then the Enter that ended the read', () => {
		expect(drain(queueOf('fix it\r'), TEXT)).toEqual([
			[PASTE, 'fix it'],
			['enter', '\r'],
		]);
		// a single character stays a key (y, n in a question)
		expect(drain(queueOf('y'), TEXT)).toEqual([['y', 'y']]);
	});

	it('a read with text on both sides of a line break is a paste, its last line break included', () => {
		expect(drain(queueOf('pasted one\rpasted two\r'), TEXT)).toEqual([[PASTE, 'pasted one\rpasted two\r']]);
		expect(drain(queueOf('a\r\nb\n\n'), TEXT)).toEqual([[PASTE, 'a\r\nb\n\n']]);
		expect(drain(queueOf('col1\tcol2'), TEXT)).toEqual([[PASTE, 'col1\tcol2']]);
	});

	it('line breaks never join two reads: the Enter of the next read is a key', () => {
		expect(drain(queueOf('one\rtwo', '\r'), TEXT)).toEqual([
			[PASTE, 'one\rtwo'],
			['enter', '\r'],
		]);
		expect(drain(queueOf('abc', '\rdef'), TEXT)).toEqual([
			[PASTE, 'abc'],
			['enter', '\r'],
			[PASTE, 'def'],
		]);
	});

	it('keys that are not text end the run: arrows, Esc, Ctrl keys', () => {
		expect(drain(queueOf('ab\u0007c'), TEXT)).toEqual([
			[PASTE, 'ab'],
			['ctrl-g', 'g'],
			['c', 'c'],
		]);
	});

	it('ESC + key is Esc then the key, unless the reader takes Alt chords', () => {
		expect(drain(queueOf('\u001B3'), TEXT)).toEqual([
			['esc', ''],
			['3', '3'],
		]);
		expect(drain(queueOf('\u001B\r'), EDITOR).map(([name]) => name)).toEqual(['alt-enter']);
		expect(drain(queueOf('\u001Bz'), EDITOR).map(([name]) => name)).toEqual(['alt-z']);
		// two Escs are two Escs, to everyone
		expect(drain(queueOf('\u001B\u001B'), EDITOR).map(([name]) => name)).toEqual(['esc', 'esc']);
	});
});
