import {checkout, seedChanges} from '../agentServer/gitSeed.js';
import {Workspaces} from '../agentServer/workspaces.js';
import type {ActivityHub} from '../events/hub.js';
import type {SandboxRecord} from '../state.js';

/**
 * The working tree of a sandbox's agent server, for its git routes (shared/openhands-agent-server.md
 * 8.1): the sandbox's working directory, with each conversation's repository cloned into
 * `<working_dir>/<repo-name>` (shared/openhands-api.md, start task step 3; the web app asks its
 * changes there). The working directory itself is a repository when the app server ran `git init`
 * there (a conversation without a repository) or the agent server did (1.37's
 * `_ensure_workspace_is_git_repo`); on 1.1.0 with only cloned repositories it is a plain folder.
 *
 * Built from the agents' histories at each request, so what a live agent edits shows at once: the
 * file each topic reads, the seeded conversations' other changes (../agentServer/gitSeed.ts), and
 * every edit in the log.
 */
export function sandboxWorkspaces(hub: ActivityHub, sandbox: SandboxRecord): Workspaces {
	const root = sandbox.workingDir;
	const workspaces = new Workspaces(root);
	const conversations = hub.state.conversations.filter(c => c.sandboxId === sandbox.id);
	if (hub.shape === 'sdk1.37' || conversations.some(c => !c.repository)) workspaces.addRepo(root);
	else workspaces.addPlain(root);
	for (const c of conversations) {
		const agent = hub.agent(c.id);
		if (!agent || agent.deleted) continue;
		const dir = repositoryDir(root, c.repository);
		checkout(workspaces, dir, agent.topic);
		for (const record of agent.log.events) workspaces.observe(dir, record);
		if (hub.seededHistory(c.id) && agent.log.events.some(e => e.body.kind === 'ActionEvent')) seedChanges(workspaces, dir, agent.topic);
	}
	return workspaces;
}

/** `acme/web-dashboard` → `<root>/web-dashboard`; no repository: the working directory itself. */
export function repositoryDir(root: string, repository: string | null): string {
	const name = repository?.split('/').filter(Boolean).at(-1);
	return name ? `${root}/${name}` : root;
}
