import type {AgentCommand, AgentTarget, CallOptions} from './client.js';
import type {ApiContext} from './context.js';
import {notYet} from './notYet.js';

export async function sendMessage(_ctx: ApiContext, _target: AgentTarget, _text: string, _options?: CallOptions): Promise<void> {
	notYet('sending a message');
}

export async function controlAgent(
	_ctx: ApiContext,
	_target: AgentTarget,
	_command: AgentCommand,
	_reason?: string,
	_options?: CallOptions,
): Promise<void> {
	notYet('agent control');
}
