/**
 * Two lines: app + server + health, then the tabs with the active one highlighted. With several
 * servers in view the first line names each with its own word (`work ok · laptop offline`).
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {ResourceName} from '../store/types.js';
import {needYouText} from '../present/attentionText.js';
import type {ServerHealth} from './serverHealth.js';
import {clean, displayWidth, truncate, truncateMiddle} from '../text/sanitize.js';
import {TABS} from './tabs.js';
import {useTheme} from './theme.js';
import type {Health} from './useHealth.js';

type Props = {
	/** '' while the demo server starts */
	serverLabel: string;
	/** what the probe found, e.g. `sandbox-server`, `agent server 1.43.1`; null until known */
	detected?: string | null;
	demo: boolean;
	/** `--read-only` / profile `readOnly`: said in the header, next to demo */
	readOnly?: boolean;
	health: Health;
	tab: ResourceName;
	width: number;
	/** attention items: `2 need you` before the health, nothing at 0 */
	needYou?: number;
	/** the one server's profile name, said before its URL; null for a bare URL or the demo */
	name?: string | null;
	/** several servers in view: each with its word, in place of the one label and health */
	servers?: readonly ServerHealth[];
};

export const HEADER_HEIGHT = 2;

export const Header = memo(function Header({serverLabel, detected = null, demo, readOnly = false, health, tab, width, needYou = 0, name = null, servers = []}: Props) {
	const theme = useTheme();
	const tabs = <TabLine tab={tab} width={width} />;
	if (servers.length > 1) return <ServersLine servers={servers} demo={demo} readOnly={readOnly} needYou={needYou} width={width} tabs={tabs} />;
	const healthColor = levelColor(theme, health.level);
	const needText = needYou > 0 ? `${needYouText(needYou)} (!)  ` : '';
	const right = health.text;
	const prefix = 'ohtui ';
	// no label yet (the demo server listens after the first frame): `ohtui demo`, no double space
	const flags = (demo ? ' demo' : '') + (readOnly ? ' read-only' : '');
	const demoText = serverLabel ? flags : flags.trimStart();
	const nameText = name ? `${clean(name)} ` : '';
	const labelRoom = Math.max(1, width - displayWidth(prefix + nameText) - demoText.length - displayWidth(needText) - displayWidth(right) - 2);
	const label = truncateMiddle(clean(serverLabel), labelRoom);
	// the generation goes after the URL when it fits whole; a narrow header keeps the URL
	const detectedText = detected ? ` · ${clean(detected)}` : '';
	const detectedShown = detectedText && displayWidth(label + detectedText) <= labelRoom ? detectedText : '';
	const gap = Math.max(1, width - displayWidth(prefix + nameText + label + detectedShown + demoText) - displayWidth(needText) - displayWidth(right));
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text bold color={theme.accent}>
					{prefix}
				</Text>
				{nameText ? (
					<Text bold color={theme.server(0)}>
						{nameText}
					</Text>
				) : null}
				<Text>{label}</Text>
				{detectedShown ? <Text color={theme.muted}>{detectedShown}</Text> : null}
				{demoText ? <Text color={theme.warn}>{demoText}</Text> : null}
				{' '.repeat(gap)}
				{needText ? (
					<Text bold color={theme.warn}>
						{needText}
					</Text>
				) : null}
				<Text color={healthColor}>{right}</Text>
			</Text>
			{tabs}
		</Box>
	);
});

function levelColor(theme: ReturnType<typeof useTheme>, level: Health['level']): string | undefined {
	return level === 'ok' ? theme.ok : level === 'offline' ? theme.error : level === 'stale' ? theme.warn : theme.muted;
}

type ServersProps = {servers: readonly ServerHealth[]; demo: boolean; readOnly: boolean; needYou: number; width: number; tabs: React.JSX.Element};

/**
 * `ohtui  work ok · laptop offline · cloud 2 need you       3 need you (!)`. The total across the
 * servers is kept whole at the right edge; when the servers' words do not fit, they are cut before it.
 */
function ServersLine({servers, demo, readOnly, needYou, width, tabs}: ServersProps) {
	const theme = useTheme();
	const prefix = 'ohtui ';
	const flags = (demo ? ' demo' : '') + (readOnly ? ' read-only' : '');
	const needText = needYou > 0 ? `${needYouText(needYou)} (!)` : '';
	// the room the servers' words may take: all but the prefix, the flags and the total with one space before it
	let room = Math.max(0, width - displayWidth(prefix + flags) - (needText ? displayWidth(needText) + 1 : 0));
	const shown = servers.map((s, i) => {
		const parts = [i > 0 ? ' · ' : '', clean(s.name), ` ${clean(s.text)}`].map(part => {
			const cut = displayWidth(part) <= room ? part : truncate(part, room);
			// once something is cut, nothing after it
			room = cut === part ? room - displayWidth(cut) : 0;
			return cut;
		});
		return {s, parts};
	});
	const used = displayWidth(prefix + flags + shown.flatMap(x => x.parts).join('')) + displayWidth(needText);
	const gap = ' '.repeat(Math.max(1, width - used));
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text bold color={theme.accent}>
					{prefix}
				</Text>
				{shown.map(({s, parts: [dot, name, word]}) =>
					dot || name || word ? (
						<Text key={s.name}>
							{dot ? <Text color={theme.muted}>{dot}</Text> : null}
							<Text bold color={theme.server(s.index)}>
								{name}
							</Text>
							<Text color={levelColor(theme, s.level)}>{word}</Text>
						</Text>
					) : null,
				)}
				{flags ? <Text color={theme.warn}>{flags}</Text> : null}
				{needText ? (
					<Text bold color={theme.warn}>
						{gap}
						{needText}
					</Text>
				) : null}
			</Text>
			{tabs}
		</Box>
	);
}

/** The tabs, the active one highlighted; narrow terminals keep its name and the others' numbers. */
function TabLine({tab, width}: {tab: ResourceName; width: number}) {
	const theme = useTheme();
	const full = TABS.map(t => `${t.key} ${t.label}`).join('  ');
	const compact = displayWidth(full) > width;
	return (
		<Text wrap="truncate">
			{TABS.map((t, i) => {
				const activeTab = t.resource === tab;
				const text = compact && !activeTab ? t.key : `${t.key} ${t.label}`;
				return (
					<Text key={t.key}>
						{i > 0 ? '  ' : ''}
						<Text inverse={activeTab} bold={activeTab} color={activeTab ? theme.accent : theme.muted}>
							{/* Without colour (NO_COLOR, or TERM=dumb where inverse video is gone too) brackets
							 * mark the active tab. */}
							{activeTab ? (theme.color ? ` ${text} ` : `[${text}]`) : text}
						</Text>
					</Text>
				);
			})}
		</Text>
	);
}
