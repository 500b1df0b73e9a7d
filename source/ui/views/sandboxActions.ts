/**
 * Which of pause and resume a sandbox in each status can take: one table read by the footer (which
 * hints it drops) and by the keys (which refuse, saying why), on the Sandboxes tab, the
 * Conversations list and the activity view, so a hint offered is a key that acts.
 *
 * From shared/openhands-api.md 2.7 and 4: pause stops a running container or process (docker
 * `pause`, SIGSTOP, the runtime's `/pause`) and means nothing to a sandbox that has failed or is
 * gone; resume unpauses or restarts one (docker `unpause` / `start`, SIGCONT, `/resume`), which is
 * also the way back for an ERROR sandbox; a MISSING one has no container or runtime left (docker
 * answers 404), so only a delete applies.
 */
import type {Fleet, Ref} from '../../fleet/types.js';
import type {Ui} from '../context.js';
import type {Command} from '../../keymap/keymap.js';

export type SandboxAction = 'pause' | 'resume';

const BY_STATUS: Readonly<Record<string, readonly SandboxAction[]>> = {
	RUNNING: ['pause'],
	// still booting: it can be paused (process, remote), there is nothing to resume
	STARTING: ['pause'],
	PAUSED: ['resume'],
	ERROR: ['resume'],
	MISSING: [],
};

/** What applies to a sandbox in `status`; a status this table does not know (a newer server's) keeps both. */
export function sandboxActions(status: string | null | undefined): readonly SandboxAction[] {
	return (status && BY_STATUS[status]) || ['pause', 'resume'];
}

/** The footer hints to leave out for a sandbox in `status`. */
export function droppedSandboxHints(status: string | null | undefined): Command[] {
	const can = sandboxActions(status);
	return (['pause', 'resume'] as const).filter(a => !can.includes(a)).map(a => `sandbox.${a}` as const);
}

/** Why `action` does nothing to a sandbox in `status` (the key says so instead of calling), or null when it applies. */
export function sandboxRefusal(action: SandboxAction, status: string | null | undefined): string | null {
	const can = sandboxActions(status);
	if (can.includes(action)) return null;
	if (status === 'RUNNING' || status === 'PAUSED' || status === 'STARTING') return `the sandbox is ${status}: nothing to ${action}`;
	const other = can.length ? `it can be ${can.map(a => `${a}d`).join(' or ')} or deleted` : 'it can only be deleted';
	return `the sandbox is ${status}: ${other}, not ${action}d`;
}

/**
 * The pause or resume key on `sandbox`, from any view: the call when its status allows it,
 * otherwise the reason in the footer (the footer does not offer that key either).
 */
export function pauseOrResume(
	ui: {fleet: Pick<Fleet, 'pauseSandbox' | 'resumeSandbox'>; notify: Ui['notify']},
	action: SandboxAction,
	sandbox: Ref,
	status: string | null | undefined,
): void {
	const refusal = sandboxRefusal(action, status);
	if (refusal) ui.notify('info', refusal);
	else if (action === 'pause') ui.fleet.pauseSandbox(sandbox);
	else ui.fleet.resumeSandbox(sandbox);
}
