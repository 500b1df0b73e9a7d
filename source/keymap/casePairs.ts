/**
 * Keys told apart by case only (issue 26 item 7: `p` on a conversation row paused its whole
 * sandbox where `P`, the agent, was meant): one line each in `?`, right under the screen's keys.
 * Said as the default keymap binds them (./keymap.ts); the footer names each one where it applies.
 */
export const CASE_PAIRS: readonly {keys: string; text: string}[] = [
	{keys: 'p / P', text: "p pauses a sandbox: the whole runtime, every conversation in it (from a conversation: its sandbox, asked first); P pauses only the conversation's agent"},
	{keys: 'r / R', text: 'r resumes the sandbox; R runs the agent again (activity), or in a table sorts by the column with R underlined'},
	{keys: 'c / C', text: "c: a conversation's changes (on Sandboxes: the sandbox's conversations); C: the confirmation policy (activity), or in a table sorts by column C"},
	{keys: 'a / A', text: 'a accepts what a waiting agent asks; A sorts a table by the column with A underlined'},
	{keys: 'n / N', text: 'n starts something new (a conversation, a sandbox); N sorts a table by the column with N underlined'},
];
