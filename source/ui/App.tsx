// Placeholder until the UI lands (issue 4): the real App replaces this file.
import React from 'react';
import {Text} from 'ink';
import type {Store} from '../store/types.js';

export type AppProps = {
	store: Store;
	/** the server's URL, shown in the header */
	serverLabel: string;
	/** true when talking to the embedded stand-in server */
	demo: boolean;
	/** called once when the user quits (q / Ctrl-c) */
	onQuit: () => void;
};

export function App({serverLabel}: AppProps) {
	return <Text>ohtui: {serverLabel}</Text>;
}
