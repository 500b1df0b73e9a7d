/**
 * `n` on the Conversations tab. An app server starts a conversation through a start task (first
 * message, repository, branch, sandbox); an agent server starts it at once in a working directory
 * on that server, with the server's saved settings, and the form says which (issue 16 §1).
 */
import React, {useEffect} from 'react';
import {policyFromSettings, policyText} from '../../api/confirmationPolicy.js';
import type {ResourceState} from '../../store/types.js';
import type {Settings} from '../../api/schemas/index.js';
import type {FleetSnapshot, ServerName} from '../../fleet/types.js';
import {useUi} from '../context.js';
import {clean} from '../../text/sanitize.js';
import {useCapabilities, useServerSettings, useSnapshot} from '../useStore.js';
import {Form} from '../widgets/Form.js';
import type {FieldSpec} from '../widgets/useFormState.js';

const selectSeveral = (s: FleetSnapshot) => s.servers.length > 1;

const APP_FIELDS: readonly FieldSpec[] = [
	{name: 'initialMessage', label: 'Initial message', required: true, placeholder: 'what should the agent do?'},
	{name: 'repository', label: 'Repository', placeholder: 'owner/repo (optional)'},
	{name: 'branch', label: 'Branch', placeholder: 'main (optional)'},
	{name: 'sandboxId', label: 'Sandbox id', placeholder: 'reuse an existing sandbox (optional)'},
];

const AGENT_FIELDS: readonly FieldSpec[] = [
	{name: 'workingDir', label: 'Working directory', required: true, placeholder: 'a directory on the agent server, e.g. /home/me/project'},
	{name: 'initialMessage', label: 'First message', required: true, placeholder: 'what should the agent do?'},
];

/**
 * `uses the server's saved settings: model … · agent … · confirmation: … · up to 500 iterations`;
 * while they are read again (the form reads them when it opens) it says so, not what was read before.
 */
export function settingsNote(state: ResourceState<Settings | null>): string {
	const head = "uses the server's saved settings";
	if (state.loading) return `${head} (reading them…)`;
	if (state.data === undefined) return state.error ? `${head} (could not read them: ${clean(state.error.message)})` : `${head} (reading them…)`;
	if (state.data === null) return `${head} (none saved: the server's defaults)`;
	const {llm, agent, conversation} = state.data;
	const parts = [
		`model ${clean(llm.model) || '—'}`,
		agent.kind === 'acp' ? `ACP agent ${clean(agent.acpServer) || '—'}` : `agent ${clean(agent.agentClass) || '—'}`,
		`confirmation: ${policyText(policyFromSettings(conversation.confirmationMode, conversation.securityAnalyzer))}`,
	];
	if (conversation.maxIterations) parts.push(`up to ${conversation.maxIterations} iterations`);
	if (!llm.apiKeySet) parts.push('no LLM key saved');
	return `${head}: ${parts.join(' · ')}`;
}

type Props = {server: ServerName; width: number; onClose(): void; onStarted(): void};

export function NewConversationForm({server, width, onClose, onStarted}: Props) {
	const {fleet} = useUi();
	const several = useSnapshot(selectSeveral);
	const direct = useCapabilities(server)?.startTasks === false;
	const settings = useServerSettings(server);
	// read when the form opens (issue 26 item 13: it showed the model and "no LLM key saved" read
	// earlier, after they changed on the server, then started with the new ones)
	useEffect(() => {
		if (direct) fleet.readNow(server, 'settings');
	}, [fleet, direct, server]);
	const optional = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
	return (
		<Form
			title={`New conversation${direct ? ' on the agent server' : ''}${several ? ` (${clean(server)})` : ''}`}
			note={direct ? settingsNote(settings) : null}
			fields={direct ? AGENT_FIELDS : APP_FIELDS}
			width={width}
			onCancel={onClose}
			onSubmit={values => {
				// an app server's start task line is selected (Enter opens the conversation once ready);
				// an agent server's conversation is a row at once
				if (!direct) onStarted();
				fleet.createConversation(server, {
					initialMessage: values['initialMessage']!.trim(),
					...(direct
						? {workingDir: values['workingDir']!.trim()}
						: {repository: optional(values['repository']), branch: optional(values['branch']), sandboxId: optional(values['sandboxId'])}),
				});
				onClose();
			}}
		/>
	);
}
