/**
 * What else the seeded conversations left in their working trees besides the edit their history
 * shows (that one comes from the events): a file the agent added and one it removed, by topic
 * (../events/topics.ts), so a client has ADDED, UPDATED and DELETED entries to draw.
 */
import {type Topic, WORKING_DIR} from '../events/topics.js';
import type {Workspaces} from './workspaces.js';
import {seedMore} from './gitSeedMore.js';

export type SeedFile = {path: string; text: string};

export const SEED_CHANGES: Record<string, {added: SeedFile; deleted: SeedFile}> = {
	dates: {
		added: {
			path: 'tests/test_dates_timezone.py',
			text: [
				'from datetime import datetime, timezone',
				'',
				'from utils.dates import parse_date',
				'',
				'',
				'def test_today_is_utc(freezer):',
				'    freezer.move_to("2026-03-01T23:30:00-05:00")',
				'    assert parse_date("today") == datetime(2026, 3, 2, tzinfo=timezone.utc).date()',
			].join('\n'),
		},
		deleted: {path: 'utils/dates_compat.py', text: '# kept for Python 3.6\nfrom datetime import datetime\n\n\ndef utcnow():\n    return datetime.utcnow()'},
	},
	upkeep: {
		added: {path: 'requirements-dev.txt', text: 'pytest==8.3.3\npytest-cov==5.0.0\nruff==0.7.1\nmypy==1.13.0'},
		deleted: {path: 'setup.cfg', text: '[flake8]\nmax-line-length = 100\nexclude = .git,__pycache__,build\n\n[mypy]\nignore_missing_imports = True'},
	},
	services: {
		added: {
			path: 'services/auth/pyproject.toml',
			text: '[project]\nname = "auth-service"\nversion = "0.1.0"\ndependencies = ["fastapi>=0.115", "pyjwt>=2.9", "sqlalchemy>=2.0"]',
		},
		deleted: {path: 'app/auth/legacy_sessions.py', text: '"""Server-side sessions, replaced by JWTs in 2024."""\n\nSESSION_TTL = 3600\n\n\ndef load_session(db, sid):\n    return db.get("sessions", sid)'},
	},
	web: {
		added: {
			path: 'src/pages/settings/useColorScheme.ts',
			text: [
				"import {useEffect, useState} from 'react';",
				'',
				"export type Scheme = 'light' | 'dark' | 'system';",
				'',
				'export function useColorScheme(initial: Scheme) {',
				'\tconst [scheme, setScheme] = useState(initial);',
				'\tuseEffect(() => {',
				'\t\tdocument.documentElement.dataset.theme = scheme;',
				'\t}, [scheme]);',
				'\treturn [scheme, setScheme] as const;',
				'}',
			].join('\n'),
		},
		deleted: {path: 'src/styles/theme-light.css', text: ':root {\n  --bg: #ffffff;\n  --fg: #1f2328;\n  --accent: #0969da;\n}'},
	},
	websocket: {
		added: {
			path: 'scripts/leak-check.mjs',
			text: "import {connect} from './lib/clients.mjs';\n\nconst before = process.memoryUsage().heapUsed;\nawait connect(Number(process.argv[3] ?? 100));\nglobalThis.gc();\nconsole.log(`heap +${((process.memoryUsage().heapUsed - before) / 1e6).toFixed(1)} MB`);",
		},
		deleted: {path: 'src/ws/keepalive.ts', text: 'export function keepAlive(socket: WebSocket) {\n\treturn setInterval(() => socket.send("ping"), 30_000);\n}'},
	},
	i18n: {
		added: {path: 'src/i18n/de.json', text: '{\n  "errors.notFound": "Seite nicht gefunden",\n  "errors.offline": "Keine Verbindung zum Server",\n  "errors.unauthorized": "Bitte melde dich erneut an"\n}'},
		deleted: {path: 'src/i18n/messages_de.properties', text: 'errors.notFound=Seite nicht gefunden\nerrors.offline=Keine Verbindung'},
	},
};

/** A conversation's checkout at `root`: a repository holding the file its topic reads and a README, unchanged so far. */
export function checkout(workspaces: Workspaces, root: string, topic: Topic): void {
	workspaces.addRepo(root);
	workspaces.known(root, topic.view.path.slice(WORKING_DIR.length + 1), topic.view.lines.join('\n'));
	workspaces.known(root, 'README.md', `# ${root.split('/').at(-1)}\n\nSee docs/ for how to build and test.\n`);
}

/** The added and the deleted file of a seeded conversation that worked on `topic`, and what else it left (./gitSeedMore.ts). */
export function seedChanges(workspaces: Workspaces, root: string, topic: Topic): void {
	const changes = SEED_CHANGES[topic.name];
	if (!changes) return;
	workspaces.added(root, changes.added.path, changes.added.text);
	workspaces.deleted(root, changes.deleted.path, changes.deleted.text);
	seedMore(workspaces, root, topic);
}
