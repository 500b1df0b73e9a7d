import type {ToolName} from './model.js';

/**
 * Long, shared texts: the system prompt and the tool descriptions. Real ones are tens of KB
 * (shared/openhands-api-newer.md 4.4 "Large-text fields"); these are a few KB, one copy for all events.
 */
export const SYSTEM_PROMPT = [
	'You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.',
	'',
	'<ROLE>',
	'Your primary role is to assist users by executing commands, modifying code, and solving technical problems effectively.',
	'You should be thorough, methodical, and prioritize quality over speed.',
	'* If the user asks a question, like "why is X happening", don\'t try to fix the problem. Just give an answer to the question.',
	'</ROLE>',
	'',
	'<EFFICIENCY>',
	'* Each action you take is somewhat expensive. Wherever possible, combine multiple actions into a single action.',
	'* When exploring the codebase, use efficient tools like find, grep, and git commands with appropriate filters.',
	'</EFFICIENCY>',
	'',
	'<FILE_SYSTEM_GUIDELINES>',
	'* When a user provides a file path, do NOT assume it\'s relative to the current working directory.',
	'* If asked to edit a file, edit the file directly, rather than creating a new file with a different filename.',
	'* For global search-and-replace operations, consider using `sed` instead of opening file editors multiple times.',
	'</FILE_SYSTEM_GUIDELINES>',
	'',
	'<CODE_QUALITY>',
	'* Write clean, efficient code with minimal comments. Avoid redundancy in comments.',
	'* When implementing solutions, focus on making the minimal changes needed to solve the problem.',
	'* Before implementing any changes, first thoroughly understand the codebase through exploration.',
	'</CODE_QUALITY>',
	'',
	'<VERSION_CONTROL>',
	'* If there are existing git user credentials already configured, use them and add Co-authored-by: openhands <openhands@all-hands.dev> to any commits.',
	'* Exercise caution with git operations. Do NOT make potentially dangerous changes (e.g., pushing to main, deleting repositories) unless explicitly asked to do so.',
	'* When committing changes, use `git status` to see all modified files, and stage all files necessary for the commit.',
	'</VERSION_CONTROL>',
	'',
	'<PROBLEM_SOLVING_WORKFLOW>',
	'1. EXPLORATION: Thoroughly explore relevant files and understand the context before proposing solutions',
	'2. ANALYSIS: Consider multiple approaches and select the most promising one',
	'3. TESTING: For bug fixes, create tests to verify issues before implementing fixes',
	'4. IMPLEMENTATION: Make focused, minimal changes to address the problem',
	'5. VERIFICATION: Test your implementation thoroughly, including edge cases',
	'</PROBLEM_SOLVING_WORKFLOW>',
	'',
	'<SECURITY>',
	'* Only use GITHUB_TOKEN and other credentials in ways the user has explicitly requested and would expect.',
	'* Use APIs to work with GitHub or other platforms, unless the user asks otherwise or your task requires browsing.',
	'</SECURITY>',
	'',
	'<TROUBLESHOOTING>',
	'* If you\'ve made repeated attempts to solve a problem but tests still fail or the user reports it\'s still broken:',
	'  1. Step back and reflect on 5-7 different possible sources of the problem',
	'  2. Assess the likelihood of each possible cause',
	'  3. Methodically address the most likely causes, starting with the highest probability',
	'</TROUBLESHOOTING>',
].join('\n');

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
	terminal: [
		'Execute a bash command in the terminal within a persistent shell session.',
		'',
		'### Command Execution',
		'* One command at a time: You can only execute one bash command at a time. If you need to run multiple commands sequentially, use `&&` or `;` to chain them together.',
		'* Persistent session: Commands execute in a persistent shell session where environment variables, virtual environments, and working directory persist between commands.',
		"* Soft timeout: Commands have a soft timeout of 10 seconds, once that's reached, you have the option to continue or interrupt the command.",
		'',
		'### Long-running Commands',
		'* For commands that may run indefinitely, run them in the background and redirect output to a file, e.g. `python3 app.py > server.log 2>&1 &`.',
	].join('\n'),
	file_editor: [
		'Custom editing tool for viewing, creating and editing files in plain-text format',
		'* State is persistent across command calls and discussions with the user',
		'* If `path` is a text file, `view` displays the result of applying `cat -n`. If `path` is a directory, `view` lists non-hidden files and directories up to 2 levels deep',
		'* The `create` command cannot be used if the specified `path` already exists as a file',
		'* If a `command` generates a long output, it will be truncated and marked with `<response clipped>`',
		'* The `undo_edit` command will revert the last edit made to the file at `path`',
	].join('\n'),
	browser_navigate: [
		'Navigate to a URL in the browser.',
		'',
		'This tool allows you to navigate to any web page. You can optionally open the URL in a new tab.',
		'* Try curl/wget/fetch first. Use the browser only when simpler tools fail or the page requires JS/interaction.',
	].join('\n'),
	think: [
		'Use the tool to think about something. It will not obtain new information or make any changes to the repository, but just log the thought.',
		'Use it when complex reasoning or brainstorming is needed.',
	].join('\n'),
	finish: [
		'Signals the completion of the current task or conversation.',
		'',
		'Use this tool when:',
		'- You have successfully completed the user\'s requested task',
		'- You cannot proceed further due to technical limitations or missing information',
	].join('\n'),
};

/** A few of each tool's parameters, enough to look like the OpenAI tool params v1.1.0 sends. */
export const TOOL_PARAMETERS: Record<ToolName, Record<string, unknown>> = {
	terminal: {
		type: 'object',
		properties: {
			command: {type: 'string', description: 'The bash command to execute.'},
			is_input: {type: 'boolean', description: 'If True, the command is an input to the running process.'},
			timeout: {type: 'number', description: 'Optional. Sets a maximum time limit (in seconds) for running the command.'},
		},
		required: ['command'],
	},
	file_editor: {
		type: 'object',
		properties: {
			command: {type: 'string', enum: ['view', 'create', 'str_replace', 'insert', 'undo_edit']},
			path: {type: 'string', description: 'Absolute path to file or directory.'},
			file_text: {type: 'string'},
			old_str: {type: 'string'},
			new_str: {type: 'string'},
			insert_line: {type: 'integer'},
			view_range: {type: 'array', items: {type: 'integer'}},
		},
		required: ['command', 'path'],
	},
	browser_navigate: {
		type: 'object',
		properties: {url: {type: 'string', description: 'The URL to navigate to'}, new_tab: {type: 'boolean'}},
		required: ['url'],
	},
	think: {type: 'object', properties: {thought: {type: 'string'}}, required: ['thought']},
	finish: {type: 'object', properties: {message: {type: 'string'}}, required: ['message']},
};

/** The class names the tools are registered under (`TerminalTool` → `terminal`, 4.4). */
export const TOOL_CLASSES: Record<ToolName, string> = {
	terminal: 'TerminalTool',
	file_editor: 'FileEditorTool',
	browser_navigate: 'BrowserNavigateTool',
	think: 'ThinkTool',
	finish: 'FinishTool',
};

export const ALL_TOOLS: ToolName[] = ['terminal', 'file_editor', 'browser_navigate', 'think', 'finish'];
