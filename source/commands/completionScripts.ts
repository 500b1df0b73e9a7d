/**
 * The completion scripts, written from the commands' own option tables (./completion.ts), so a new
 * flag completes without editing three shell dialects. Dynamic words come from `ohtui __complete`.
 */
export type Flag = {name: string; value: boolean};
export type CommandSpec = {name: string; summary: string; argument: 'conversation' | 'lists' | 'shells' | null; flags: Flag[]};

const LISTS = ['conversations', 'sandboxes', 'specs'];
const SHELLS = ['bash', 'zsh', 'fish'];

const words = (list: readonly string[]) => list.join(' ');
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function bash(commands: CommandSpec[], global: Flag[], values: Record<string, readonly string[]>): string {
	const valueFlags = [...new Set([...global, ...commands.flatMap(c => c.flags)].filter(f => f.value).map(f => `--${f.name}`))];
	const flagCases = commands.map(c => `\t\t${c.name}) flags=${quote(words(c.flags.map(f => `--${f.name}`)))} ;;`).join('\n');
	const valueCases = Object.entries(values)
		.map(([flag, list]) => `\t\t--${flag}) COMPREPLY=($(compgen -W ${quote(words(list))} -- "$cur")); return ;;`)
		.join('\n');
	const byArgument = (kind: CommandSpec['argument']) => commands.filter(c => c.argument === kind).map(c => c.name).join('|');
	return `# ohtui bash completion: source <(ohtui completion bash)
# global flags go before or after the command (ohtui --profile work ls); each command gets its own
_ohtui() {
	local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case "\${COMP_WORDS[i]}" in
			${valueFlags.join('|')}) ((i++)) ;;
			-*) ;;
			*) cmd="\${COMP_WORDS[i]}"; break ;;
		esac
	done
	case "$prev" in
		--profile|--server) COMPREPLY=($(compgen -W "$(ohtui __complete profiles 2>/dev/null)" -- "$cur")); return ;;
		--log|--message|--reason|--file) compopt -o default 2>/dev/null; COMPREPLY=(); return ;;
${valueCases}
		${valueFlags.join('|')}) COMPREPLY=(); return ;;
	esac
	local flags=${quote(words(global.map(f => `--${f.name}`)))}
	case "$cmd" in
${flagCases}
	esac
	if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$flags --help" -- "$cur")); return; fi
	case "$cmd" in
		"") COMPREPLY=($(compgen -W ${quote(words(commands.map(c => c.name)))} -- "$cur")) ;;
		${byArgument('lists')}) COMPREPLY=($(compgen -W ${quote(words(LISTS))} -- "$cur")) ;;
		${byArgument('shells')}) COMPREPLY=($(compgen -W ${quote(words(SHELLS))} -- "$cur")) ;;
		# attention first (what waits for you on top), as ohtui lists them: not sorted again
		${byArgument('conversation')}) compopt -o nosort 2>/dev/null; COMPREPLY=($(compgen -W "$(ohtui __complete conversations 2>/dev/null | cut -f1)" -- "$cur")) ;;
	esac
}
complete -F _ohtui ohtui
`;
}

function zsh(commands: CommandSpec[], global: Flag[], values: Record<string, readonly string[]>): string {
	const describe = commands.map(c => `\t\t${quote(`${c.name}:${c.summary}`)}`).join('\n');
	const flagSpec = (f: Flag) => {
		if (!f.value) return quote(`--${f.name}`);
		const list = values[f.name];
		const action = f.name === 'profile' || f.name === 'server' ? '_ohtui_profiles' : list ? `(${words(list)})` : f.name === 'log' ? '_files' : ' ';
		return quote(`--${f.name}=[${f.name}]:${f.name}:${action}`);
	};
	const cases = commands
		.map(c => {
			const argument = c.argument === 'lists' ? `'1:list:(${words(LISTS)})'` : c.argument === 'shells' ? `'1:shell:(${words(SHELLS)})'` : c.argument === 'conversation' ? "'1:conversation:_ohtui_conversations'" : '';
			return `\t\t\t\t(${c.name}) _arguments -s ${[...c.flags.map(flagSpec), argument].filter(Boolean).join(' ')} && ret=0 ;;`;
		})
		.join('\n');
	return `#compdef ohtui
# ohtui zsh completion: ohtui completion zsh > ~/.zsh/completions/_ohtui, with that folder on
# fpath before compinit runs (ohtui completion --help). Global flags go before or after the command.
_ohtui_profiles() { local -a p; p=(\${(f)"$(ohtui __complete profiles 2>/dev/null)"}); _describe profile p; }
_ohtui_conversations() {
	local -a ids; local line
	for line in \${(f)"$(ohtui __complete conversations 2>/dev/null)"}; do ids+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${\${line#*$'\\t'}//:/\\\\:}"); done
	# attention first (what waits for you on top), as ohtui lists them: not sorted again
	_describe -V conversation ids
}
_ohtui() {
	local curcontext="$curcontext" state line ret=1
	local -a commands; commands=(
${describe}
	)
	_arguments -C -s ${global.map(flagSpec).join(' ')} '1: :->command' '*:: :->argument' && ret=0
	case $state in
		(command) _describe command commands && ret=0 ;;
		(argument)
			curcontext="\${curcontext%:*:*}:ohtui-$words[1]:"
			case $words[1] in
${cases}
			esac ;;
	esac
	return ret
}
_ohtui "$@"
`;
}

function fish(commands: CommandSpec[], global: Flag[], values: Record<string, readonly string[]>): string {
	const names = words(commands.map(c => c.name));
	const lines = ['# ohtui fish completion: ohtui completion fish > ~/.config/fish/completions/ohtui.fish', 'complete -c ohtui -f'];
	const flagArgs = (f: Flag) => {
		const list = values[f.name];
		return f.name === 'profile' || f.name === 'server' ? ' -r -a "(ohtui __complete profiles 2>/dev/null)"' : list ? ` -r -a ${quote(words(list))}` : f.value ? ' -r' : '';
	};
	const before = `-n "not __fish_seen_subcommand_from ${names}"`;
	for (const c of commands) lines.push(`complete -c ohtui ${before} -a ${c.name} -d ${quote(c.summary)}`);
	// global flags before the command, as after it
	for (const f of global) lines.push(`complete -c ohtui ${before} -l ${f.name}${flagArgs(f)}`);
	for (const c of commands) {
		const when = `-n "__fish_seen_subcommand_from ${c.name}"`;
		for (const f of c.flags) lines.push(`complete -c ohtui ${when} -l ${f.name}${flagArgs(f)}`);
		if (c.argument === 'lists') lines.push(`complete -c ohtui ${when} -a ${quote(words(LISTS))}`);
		if (c.argument === 'shells') lines.push(`complete -c ohtui ${when} -a ${quote(words(SHELLS))}`);
		// -k: attention first (what waits for you on top), as ohtui lists them
		if (c.argument === 'conversation') lines.push(`complete -c ohtui ${when} -k -a "(ohtui __complete conversations 2>/dev/null)"`);
	}
	return `${lines.join('\n')}\n`;
}

export function completionScript(shell: 'bash' | 'zsh' | 'fish', commands: CommandSpec[], global: Flag[], values: Record<string, readonly string[]>): string {
	if (shell === 'bash') return bash(commands, global, values);
	if (shell === 'zsh') return zsh(commands, global, values);
	return fish(commands, global, values);
}
