import type {Topic} from './topic.js';
import {WORKDIR} from './workspace.js';

/** The Python repository split into services: finding the module boundaries, moving auth out, its tests, a risky database step. */
export const services: Topic = {
	name: 'services',
	detail: 'Start with the boundaries: which modules talk to which, and what state they share.',
	explore: [
		{
			command: 'git remote -v',
			output: [
				'origin\thttps://x-access-token:{{ghs_}}@github.com/acme/api-server.git (fetch)',
				'origin\thttps://x-access-token:{{ghs_}}@github.com/acme/api-server.git (push)',
			].join('\n'),
			exitCode: 0,
		},
		{
			command: 'find app -maxdepth 2 -name "*.py" | head -20',
			output: [
				'app/__init__.py',
				'app/main.py',
				'app/auth/__init__.py',
				'app/auth/tokens.py',
				'app/auth/routes.py',
				'app/notifications/__init__.py',
				'app/notifications/email.py',
				'app/notifications/push.py',
				'app/billing/__init__.py',
				'app/billing/invoices.py',
				'app/db.py',
				'app/settings.py',
			].join('\n'),
			exitCode: 0,
		},
		{
			command: 'grep -rn "from app.auth" app --include=*.py | grep -v "^app/auth" | wc -l',
			output: '37',
			exitCode: 0,
		},
		{
			command: 'python -m alembic history | head -5',
			output: [
				'a91f2c7d3b10 -> 5be1e4f0c2aa (head), add users.email_verified',
				'3e0d9b1c77f2 -> a91f2c7d3b10, invoices: add currency',
				'<base> -> 3e0d9b1c77f2, initial schema',
			].join('\n'),
			exitCode: 0,
		},
	],
	view: {
		path: `${WORKDIR}/app/auth/tokens.py`,
		lines: [
			'import jwt',
			'from app.db import session',
			'from app.settings import SECRET_KEY',
			'',
			'ALGORITHM = "HS256"',
			'',
			'',
			'def issue(user_id: int, ttl: int = 3600) -> str:',
			'    return jwt.encode({"sub": user_id, "exp": _exp(ttl)}, SECRET_KEY, ALGORITHM)',
			'',
			'',
			'def verify(token: str) -> int:',
			'    claims = jwt.decode(token, SECRET_KEY, algorithms=[ALGORITHM])',
			'    return int(claims["sub"])',
		],
	},
	edit: {
		path: `${WORKDIR}/app/auth/tokens.py`,
		oldStr: 'from app.db import session\nfrom app.settings import SECRET_KEY',
		newStr: 'from auth_service.config import SECRET_KEY',
	},
	testFail: {
		command: 'python -m pytest -q tests/auth',
		output: [
			'....E.',
			'==================================== ERRORS ====================================',
			'_________________ ERROR at setup of test_refresh_rotates_token _________________',
			"ModuleNotFoundError: No module named 'app.db'",
			'=========================== short test summary info ============================',
			'ERROR tests/auth/test_tokens.py::test_refresh_rotates_token - ModuleNotFoundError',
			'5 passed, 1 error in 1.37s',
		].join('\n'),
		exitCode: 1,
	},
	testPass: {
		command: 'python -m pytest -q tests/auth',
		output: '......\n6 passed in 1.12s',
		exitCode: 0,
	},
	browse: {
		url: 'https://alembic.sqlalchemy.org/en/latest/branches.html',
		page: [
			'# Working with Branches',
			'',
			'A branch describes a point in a migration stream when two or more versions refer to the same parent migration as their ancestor.',
			'Branches occur naturally in a development environment where multiple developers work on features simultaneously.',
		].join('\n'),
	},
	risky: {
		command: 'psql "$DATABASE_URL" -c "DROP TABLE legacy_sessions;"',
		thought: 'legacy_sessions is no longer read by anything after the split. I will drop it.',
	},
	followUp: 'Keep the public API of app.auth unchanged for now; add a shim.',
	finish: 'The auth code now lives in auth_service/ with its own config; app.auth re-exports the old names through a shim so the 37 call sites keep working. Tests: 6 passed.',
	error: "Error validating args {\"command\": \"str_replace\", \"path\": \"app/auth/tokens.py\"} for tool 'file_editor': The path app/auth/tokens.py is not an absolute path, it should start with `/`.",
};
