/**
 * The activity's head: the conversation's title; agent and sandbox status, repository, cost and
 * tokens when the server reports them (`conversation.metrics`); actions in flight; and, while the
 * agent waits for confirmation, the pending actions with the keys that answer them.
 */
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {AppConversation} from '../../api/schemas/index.js';
import {policyText} from '../../api/confirmationPolicy.js';
import type {ActivityTransport, AgentInfo, PendingAction} from '../../store/types.js';
import {cost, count, pendingLabel, repoAtBranch, shortId} from '../../present/format.js';
import {stateGlyph} from '../../present/states.js';
import {clean, truncate} from '../../text/sanitize.js';
import {useTheme} from '../theme.js';
import {maskField, maskTitle} from '../../text/secrets.js';

/** Lines of the approval block for `pending` actions (0 when the agent is not waiting). */
export const MAX_PENDING_LINES = 3;
export function approvalHeight(waiting: boolean, pending: number): number {
	if (!waiting) return 0;
	return 1 + Math.max(1, Math.min(pending, MAX_PENDING_LINES)) + (pending > MAX_PENDING_LINES ? 1 : 0);
}
export const ACTIVITY_HEADER_HEIGHT = 2;

type Props = {
	conversation: AppConversation;
	status: string | null;
	/** its agent server as far as known: the policy it reports, whether it can reject */
	agent?: AgentInfo | null;
	/** actions of this conversation (message, agent) or its sandbox in flight */
	inFlight: readonly PendingAction[];
	/** how new events come (issue 18); nothing is said until it is known */
	transport?: ActivityTransport | null | undefined;
	/** the last command run in the workspace (`$`): `$ make → exit 2`, and how it went */
	command?: {text: string; tone: 'running' | 'ok' | 'error'} | null;
	/** reading events stopped (the server's pages went round) until Ctrl-r (issue 27 item 13) */
	stopped?: boolean;
	width: number;
};

/** `live`, or `polling every 5 s` where no websocket can be had (or while it reconnects). */
export function transportText(transport: ActivityTransport): string {
	if (transport.live) return 'live';
	const s = transport.everyMs / 1000;
	return `polling every ${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export const ActivityHeader = memo(function ActivityHeader({conversation: c, status, agent = null, inFlight, transport, command = null, stopped = false, width}: Props) {
	const theme = useTheme();
	const title = maskTitle(c.title) || '(untitled)';
	const usage = c.metrics?.accumulated_token_usage;
	// an agent server's conversation has no sandbox and no repository: its working directory instead
	const own = c.sandbox_id === '';
	const policy = c.confirmation_policy ?? agent?.policy ?? null;
	const parts: {text: string; color?: string | undefined}[] = [
		{text: `agent ${status ?? '—'}`, color: theme.status(status)},
		// beside the agent's status, so a narrow terminal still shows it
		...(stopped && !transport?.live ? [{text: 'stopped reading events · Ctrl-r', color: theme.warn}] : transport ? [{text: transportText(transport), color: transport.live ? theme.ok : theme.muted}] : []),
		own ? {text: maskField(c.working_dir) || '—'} : {text: `sandbox ${clean(c.sandbox_status)}`, color: theme.status(c.sandbox_status)},
		...(own ? [] : [{text: repoAtBranch(c.selected_repository, c.selected_branch)}]),
	];
	if (policy) parts.push({text: `confirm: ${policyText(policy)}`});
	if (agent?.rejects === false) parts.push({text: `agent server ${clean(agent.version) || 'before 1.6.0'}: no reject`, color: theme.warn});
	// legacy servers send zeros for conversations they do not meter: as in the list, zero is not shown
	if ((c.metrics?.accumulated_cost ?? 0) > 0) parts.push({text: cost(c.metrics!.accumulated_cost)});
	if (usage && usage.prompt_tokens + usage.completion_tokens > 0) parts.push({text: `${count(usage.prompt_tokens)} in / ${count(usage.completion_tokens)} out tokens`});
	for (const action of inFlight) parts.push({text: pendingLabel(action.kind), color: theme.warn});
	// third, where a narrow terminal still shows it (a long command comes cut: the pane shows it whole)
	if (command) parts.splice(2, 0, {text: command.text, color: command.tone === 'running' ? theme.warn : command.tone === 'ok' ? theme.ok : theme.error});
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text bold color={theme.accent}>
					{truncate(title, Math.max(10, width - 16))}
				</Text>
				<Text color={theme.muted}>{`  ${shortId(c.id, 12)}`}</Text>
			</Text>
			<Text wrap="truncate">
				{parts.map((part, i) => (
					<Text key={i} color={part.color}>
						{i > 0 ? ' · ' : ''}
						{part.text}
					</Text>
				))}
			</Text>
		</Box>
	);
});

type ApprovalProps = {
	lines: readonly string[];
	/** what the keys do here: `a accept · x reject`, or `… x leave waiting` (../activity/approvalDialog.ts `answerKeys`) */
	keys: string;
	width: number;
};

/** `waiting for confirmation: 2 actions · a accept · x reject`, then one line per action. */
export const ApprovalBlock = memo(function ApprovalBlock({lines, keys, width}: ApprovalProps) {
	const theme = useTheme();
	const n = lines.length;
	const head = `waiting for confirmation${n ? `: ${n} action${n === 1 ? '' : 's'}` : ''}${keys ? ` · ${keys}` : ''}`;
	return (
		<Box flexDirection="column">
			<Text bold color={theme.warn} wrap="truncate">
				{truncate(theme.color ? head : `${stateGlyph('waiting')} ${head}`, width)}
			</Text>
			{n === 0 ? (
				<Text color={theme.muted} wrap="truncate">
					{truncate('  (the pending action is not among the loaded events)', width)}
				</Text>
			) : (
				lines.slice(0, MAX_PENDING_LINES).map((line, i) => (
					<Text key={i} wrap="truncate">
						{truncate(`  ${line}`, width)}
					</Text>
				))
			)}
			{n > MAX_PENDING_LINES ? (
				<Text color={theme.muted} wrap="truncate">
					{`  … and ${n - MAX_PENDING_LINES} more`}
				</Text>
			) : null}
		</Box>
	);
});
