/**
 * Keys told apart by case only (issue 26 item 7: `p` on a conversation row paused its whole
 * sandbox where `P`, the agent, was meant): one line each in `?`, right under the screen's keys.
 * Said as the default keymap binds them (./keymap.ts), short enough for 80 columns; the footer
 * names each one where it applies (`p pause sandbox`, `P pause agent`, `C policy`).
 */
export const CASE_PAIRS: readonly {keys: string; text: string}[] = [
	{keys: 'p / P', text: 'p pauses the whole sandbox; P pauses only the agent'},
	{keys: 'r / R', text: 'r resumes the sandbox; R runs the agent or sorts by R'},
	{keys: 'c / C', text: 'c changes or conversations; C policy or sorts by C'},
	{keys: 'a / A', text: 'a accepts what an agent waits for; A sorts by A'},
	{keys: 'n / N', text: 'n starts a conversation or a sandbox; N sorts by N'},
];
