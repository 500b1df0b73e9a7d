import type {Topic} from './topic.js';
import {WORKDIR} from './workspace.js';

/** Topics of the web and Node repositories: a settings page, a websocket leak, translations. */

export const web: Topic = {
	name: 'web',
	detail: 'Keep it in the settings store so it survives a reload, and respect prefers-color-scheme.',
	explore: [
		{
			command: 'ls src/ src/pages/settings',
			output: [
				'src/:',
				'App.tsx  components  hooks  i18n  index.tsx  pages  store  styles  utils',
				'',
				'src/pages/settings:',
				'AppearanceSection.tsx  NotificationsSection.tsx  SettingsPage.tsx  settings.test.tsx',
			].join('\n'),
			exitCode: 0,
		},
		{
			command: 'npm ls react react-dom --depth=0',
			output: 'web-dashboard@2.4.0 /workspace/project\n├── react-dom@18.3.1\n└── react@18.3.1',
			exitCode: 0,
		},
	],
	view: {
		path: `${WORKDIR}/src/pages/settings/AppearanceSection.tsx`,
		lines: [
			"import {useSettings} from '../../store/settings';",
			"import {Switch} from '../../components/Switch';",
			'',
			'export function AppearanceSection() {',
			'  const {settings, update} = useSettings();',
			'  return (',
			'    <section aria-labelledby="appearance">',
			'      <h2 id="appearance">Appearance</h2>',
			'      <Switch label="Compact rows" checked={settings.compact} onChange={compact => update({compact})} />',
			'    </section>',
			'  );',
			'}',
		],
	},
	edit: {
		path: `${WORKDIR}/src/pages/settings/AppearanceSection.tsx`,
		oldStr: '      <Switch label="Compact rows" checked={settings.compact} onChange={compact => update({compact})} />',
		newStr:
			'      <Switch label="Compact rows" checked={settings.compact} onChange={compact => update({compact})} />\n      <Switch label="Dark mode" checked={settings.theme === \'dark\'} onChange={dark => update({theme: dark ? \'dark\' : \'light\'})} />',
	},
	testFail: {
		command: 'npx vitest run src/pages/settings',
		output: [
			' RUN  v2.1.4 /workspace/project',
			'',
			' \u001b[31m❯\u001b[39m src/pages/settings/settings.test.tsx \u001b[2m(\u001b[22m4 tests | \u001b[31m1 failed\u001b[39m\u001b[2m)\u001b[22m 212ms',
			'   \u001b[31m×\u001b[39m settings > persists the theme across reloads 38ms',
			"\u001b[31m     → expected 'light' to be 'dark' // Object.is equality\u001b[39m",
			'',
			' Test Files  \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m (1)',
			'      Tests  \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m | \u001b[1m\u001b[32m3 passed\u001b[39m\u001b[22m (4)',
		].join('\n'),
		exitCode: 1,
	},
	testPass: {
		command: 'npx vitest run src/pages/settings',
		output: ' RUN  v2.1.4 /workspace/project\n\n ✓ src/pages/settings/settings.test.tsx (4 tests) 198ms\n\n Test Files  1 passed (1)\n      Tests  4 passed (4)',
		exitCode: 0,
	},
	browse: {
		url: 'https://developer.mozilla.org/en-US/docs/Web/CSS/@media/prefers-color-scheme',
		page: [
			'# prefers-color-scheme',
			'',
			'The prefers-color-scheme CSS media feature is used to detect if a user has requested light or dark color themes.',
			'',
			'## Syntax',
			'light — Indicates that user has notified that they prefer an interface that has a light theme.',
			'dark — Indicates that user has notified that they prefer an interface that has a dark theme.',
		].join('\n'),
	},
	risky: {
		command: 'rm -rf node_modules package-lock.json && npm install',
		thought: 'The lock file looks out of date; I will regenerate it from scratch.',
	},
	followUp: 'Use the CSS variables in styles/theme.css rather than inline colours.',
	finish: 'Added a "Dark mode" switch to Settings → Appearance. The choice is stored in the settings store (it survives reloads) and defaults to the system preference via prefers-color-scheme. Tests: 4 passed.',
	error: "Error validating args {\"url\": \"developer.mozilla.org/en-US/docs/Web/CSS\"} for tool 'browser_navigate': URL must start with http:// or https://",
};

export const websocket: Topic = {
	name: 'websocket',
	detail: 'RSS of the gateway grows by about 40 MB an hour under steady traffic.',
	explore: [
		{
			command: 'node --version && ls src/ws',
			output: 'v20.18.0\nconnection.ts  handler.ts  heartbeat.ts  index.ts  registry.ts',
			exitCode: 0,
		},
		{
			command: 'grep -n "addEventListener\\|\\.on(" src/ws/handler.ts',
			output: [
				"14:  socket.on('message', data => route(socket, data));",
				"15:  socket.on('close', () => registry.remove(socket.id));",
				"22:  bus.on('broadcast', payload => socket.send(payload));",
			].join('\n'),
			exitCode: 0,
		},
	],
	view: {
		path: `${WORKDIR}/src/ws/handler.ts`,
		lines: [
			"import {bus} from '../bus';",
			"import {registry} from './registry';",
			'',
			'export function handle(socket: Socket) {',
			'  registry.add(socket);',
			"  socket.on('message', data => route(socket, data));",
			"  socket.on('close', () => registry.remove(socket.id));",
			"  bus.on('broadcast', payload => socket.send(payload));",
			'}',
		],
	},
	edit: {
		path: `${WORKDIR}/src/ws/handler.ts`,
		oldStr: "  socket.on('close', () => registry.remove(socket.id));\n  bus.on('broadcast', payload => socket.send(payload));",
		newStr:
			"  const forward = (payload: string) => socket.send(payload);\n  bus.on('broadcast', forward);\n  socket.on('close', () => {\n    registry.remove(socket.id);\n    bus.off('broadcast', forward);\n  });",
	},
	testFail: {
		command: 'node --expose-gc scripts/leak-check.mjs --connections 500',
		output: [
			'opening 500 connections ... done',
			'closing 500 connections ... done',
			'heap before: 41.2 MB, after gc: 87.9 MB',
			"bus listeners on 'broadcast': 500 (expected 0)",
			'LEAK: listeners survive closed sockets',
		].join('\n'),
		exitCode: 2,
	},
	testPass: {
		command: 'node --expose-gc scripts/leak-check.mjs --connections 500',
		output: [
			'opening 500 connections ... done',
			'closing 500 connections ... done',
			'heap before: 41.0 MB, after gc: 42.3 MB',
			"bus listeners on 'broadcast': 0 (expected 0)",
			'ok',
		].join('\n'),
		exitCode: 0,
	},
	browse: {
		url: 'https://nodejs.org/api/events.html#emitteroffeventname-listener',
		page: [
			'# emitter.off(eventName, listener)',
			'',
			'Alias for emitter.removeListener().',
			'',
			'By default, a maximum of 10 listeners can be registered for any single event.',
			'',
			'(node:1) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.',
		].join('\n'),
	},
	risky: {
		command: 'kubectl -n gateway rollout restart deployment/gateway',
		thought: 'To confirm the fix in production I will restart the gateway deployment.',
	},
	followUp: 'Can you also check the heartbeat timer for the same problem?',
	finish: "Found it: every connection added a 'broadcast' listener on the shared bus and never removed it. The handler now removes it on close; the leak check shows 0 listeners and a flat heap after 500 connections.",
	error: 'Command timed out after 120.0 seconds: node --inspect scripts/soak.mjs',
};

export const i18n: Topic = {
	name: 'i18n',
	detail: 'Die Texte liegen in src/i18n/en.json; bitte de.json anlegen und alle Schlüssel übersetzen.',
	explore: [
		{
			command: 'ls src/i18n && jq "keys | length" src/i18n/en.json',
			output: 'en.json  fr.json  index.ts\n214',
			exitCode: 0,
		},
		{
			command: 'grep -c "\\"errors\\." src/i18n/en.json',
			output: '48',
			exitCode: 0,
		},
	],
	view: {
		path: `${WORKDIR}/src/i18n/index.ts`,
		lines: [
			"import en from './en.json';",
			"import fr from './fr.json';",
			'',
			'export const messages = {en, fr};',
			"export type Locale = keyof typeof messages;",
		],
	},
	edit: {
		path: `${WORKDIR}/src/i18n/index.ts`,
		oldStr: "import fr from './fr.json';\n\nexport const messages = {en, fr};",
		newStr: "import fr from './fr.json';\nimport de from './de.json';\n\nexport const messages = {en, fr, de};",
	},
	testFail: {
		command: 'npm run i18n:check',
		output: [
			'> web-dashboard@2.4.0 i18n:check',
			'> node scripts/check-i18n.mjs',
			'',
			'de.json: 12 keys missing (errors.network.offline, errors.upload.tooLarge, …)',
			'de.json: placeholder mismatch in errors.quota.exceeded: {limit} ≠ {Limit}',
		].join('\n'),
		exitCode: 1,
	},
	testPass: {
		command: 'npm run i18n:check',
		output: '> web-dashboard@2.4.0 i18n:check\n> node scripts/check-i18n.mjs\n\nen, fr, de: 214 keys, placeholders consistent',
		exitCode: 0,
	},
	browse: {
		url: 'https://www.duden.de/rechtschreibung/Fehlermeldung',
		page: '# Fehlermeldung, die\n\nWortart: Substantiv, feminin\nBedeutung: Meldung über einen aufgetretenen Fehler (besonders in der EDV)',
	},
	risky: {
		command: 'git push origin i18n/de --no-verify',
		thought: 'The pre-push hook runs the whole e2e suite; I will skip it for this text-only change.',
	},
	followUp: 'Bitte „Sie“ statt „du“ verwenden.',
	finish: 'de.json ist angelegt: alle 214 Schlüssel übersetzt (Sie-Form), Platzhalter geprüft; die Sprache ist in src/i18n/index.ts registriert.',
	error: "litellm.RateLimitError: AnthropicException - {\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Number of request tokens has exceeded your per-minute rate limit\"}}",
	toolError: "Error validating args {\"command\": \"create\", \"path\": \"/workspace/project/src/i18n/de.json\"} for tool 'file_editor': Parameter `file_text` is required for command: create.",
};
