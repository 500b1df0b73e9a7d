/**
 * The changes view's `w` and `y` (issue 28 item 4): the workspace's patch, every file from the
 * list or the one whose diff is open, written to a file the user names (default
 * `./<conversation>.patch`, asked before writing over one) or copied through OSC 52 when it is
 * small enough (else the footer says so and points at `w`). The patch is the one `ohtui diff`
 * writes into a pipe: what `git apply` takes, byte for byte.
 */
import React, {useState} from 'react';
import type {AppConversation} from '../../api/schemas/index.js';
import type {Tagged} from '../../fleet/types.js';
import {copyRefusal, patchFileName} from '../../present/workspaceText.js';
import {byteSize} from '../../present/transfer.js';
import {clean} from '../../text/sanitize.js';
import {useUi} from '../context.js';
import {commandFor} from '../keys/activeKeymap.js';
import {useKeys} from '../keys/KeyRouter.js';
import {SAVE_DIALOG_HEIGHT, SaveDialog} from '../workspace/SaveDialog.js';

type Options = {
	conversation: Tagged<AppConversation>;
	/** the file whose diff is open (its patch alone), or null (every file) */
	path: string | null;
	/** how many files the list holds (the words of the question); null while it is read */
	files: number | null;
	width: number;
	active: boolean;
};

export type PatchKeys = {open: boolean; height: number; dialog: React.ReactNode};

export function usePatchKeys({conversation, path, files, width, active}: Options): PatchKeys {
	const {fleet, notify, copyBytes} = useUi();
	const [writing, setWriting] = useState<{path: string | null} | null>(null);
	const paths = (one: string | null) => (one === null ? {} : {paths: [one]});
	const what = (one: string | null) => (one !== null ? `the patch of ${clean(one)}` : files === null ? 'the patch' : `the patch of ${files === 1 ? '1 file' : `${files} files`}`);
	useKeys(
		'view',
		name => {
			const command = commandFor(path === null ? 'changes' : 'changesDiff', name);
			if ((command === 'patch.write' || command === 'patch.copy') && path === null && files === 0) {
				notify('info', 'no changes: no patch to write or copy');
				return true;
			}
			if (command === 'patch.write') {
				setWriting({path});
				return true;
			}
			if (command !== 'patch.copy') return false;
			const one = path;
			notify('info', `reading ${what(one)}…`);
			void fleet.copyPatch(conversation, paths(one)).then(result => {
				if (result.kind !== 'ready') return notify(result.kind === 'failed' ? 'error' : 'info', copyRefusal(result));
				copyBytes(result.patch, `${what(one)} (${byteSize(result.patch.length)})${result.note ? ` · ${result.note}` : ''}`);
			});
			return true;
		},
		active && writing === null,
	);
	if (writing === null) return {open: false, height: 0, dialog: null};
	return {
		open: true,
		height: SAVE_DIALOG_HEIGHT,
		dialog: (
			<SaveDialog
				what={what(writing.path)}
				initial={`./${patchFileName(conversation.id, writing.path)}`}
				width={width}
				save={(local, overwrite) => fleet.savePatch(conversation, local, {...paths(writing.path), overwrite})}
				onDone={() => setWriting(null)}
			/>
		),
	};
}
