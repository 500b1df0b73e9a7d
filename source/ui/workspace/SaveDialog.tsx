/**
 * `w`'s question (issue 28 item 4): where to write, with a default path to edit; Enter writes.
 * A file already there is never written over without a second question (y/n). What happened
 * goes to the footer. The writing is the store's (`save`); this only asks and says.
 */
import React, {useState} from 'react';
import {Text} from 'ink';
import type {SaveResult} from '../../store/types.js';
import {savedText} from '../../present/workspaceText.js';
import {clean, truncate} from '../../text/sanitize.js';
import {useUi} from '../context.js';
import {useHintScopes} from '../hints.js';
import {useTheme} from '../theme.js';
import {Confirm} from '../widgets/Confirm.js';
import {LINE_INPUT_HEIGHT, LineInput} from '../widgets/LineInput.js';

export const SAVE_DIALOG_HEIGHT = LINE_INPUT_HEIGHT;

type Props = {
	/** what is written, for the question and the footer: `the patch of 3 files`, `src/app.py` */
	what: string;
	initial: string;
	width: number;
	save(path: string, overwrite: boolean): Promise<SaveResult>;
	onDone(): void;
};

type Step = {kind: 'path'} | {kind: 'writing'; path: string} | {kind: 'exists'; typed: string; path: string};

export function SaveDialog({what, initial, width, save, onDone}: Props) {
	const theme = useTheme();
	const {notify} = useUi();
	const [step, setStep] = useState<Step>({kind: 'path'});
	useHintScopes(step.kind === 'path' ? ['savePath'] : step.kind === 'exists' ? ['confirm'] : []);

	const write = (typed: string, overwrite: boolean) => {
		setStep({kind: 'writing', path: typed});
		void save(typed, overwrite).then(result => {
			if (result.kind === 'exists') return setStep({kind: 'exists', typed, path: result.path});
			notify(result.kind === 'saved' ? 'info' : 'error', savedText(result, what));
			onDone();
		});
	};

	if (step.kind === 'exists') {
		return <Confirm message={`${clean(step.path)} exists: write over it?`} width={width} onConfirm={() => write(step.typed, true)} onCancel={onDone} />;
	}
	if (step.kind === 'writing') {
		return (
			<Text color={theme.muted} wrap="truncate">
				{truncate(`writing ${what} to ${clean(step.path)}…`, width)}
			</Text>
		);
	}
	return (
		<LineInput
			message={`Write ${what} to:`}
			initial={initial}
			width={width}
			scope="savePath"
			onSubmit={typed => (typed.trim() ? write(typed, false) : onDone())}
			onCancel={onDone}
		/>
	);
}
