/** Two lines: app + server + health, then the tabs with the active one highlighted. */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {ResourceName} from '../store/types.js';
import {needYouText} from './attentionText.js';
import {clean, displayWidth, truncateMiddle} from '../text/sanitize.js';
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
};

export const HEADER_HEIGHT = 2;

export const Header = memo(function Header({serverLabel, detected = null, demo, readOnly = false, health, tab, width, needYou = 0}: Props) {
	const theme = useTheme();
	const healthColor = health.level === 'ok' ? theme.ok : health.level === 'offline' ? theme.error : health.level === 'stale' ? theme.warn : theme.muted;
	const needText = needYou > 0 ? `${needYouText(needYou)} (!)  ` : '';
	const right = health.text;
	const prefix = 'ohtui ';
	// no label yet (the demo server listens after the first frame): `ohtui demo`, no double space
	const flags = (demo ? ' demo' : '') + (readOnly ? ' read-only' : '');
	const demoText = serverLabel ? flags : flags.trimStart();
	const labelRoom = Math.max(1, width - displayWidth(prefix) - demoText.length - displayWidth(needText) - displayWidth(right) - 2);
	const label = truncateMiddle(clean(serverLabel), labelRoom);
	// the generation goes after the URL when it fits whole; a narrow header keeps the URL
	const detectedText = detected ? ` · ${clean(detected)}` : '';
	const detectedShown = detectedText && displayWidth(label + detectedText) <= labelRoom ? detectedText : '';
	const gap = Math.max(1, width - displayWidth(prefix + label + detectedShown + demoText) - displayWidth(needText) - displayWidth(right));
	const full = TABS.map(t => `${t.key} ${t.label}`).join('  ');
	// Narrow terminals keep the active tab's name and just the numbers of the others.
	const compact = displayWidth(full) > width;
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text bold color={theme.accent}>
					{prefix}
				</Text>
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
		</Box>
	);
});
