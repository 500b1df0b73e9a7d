import type {Topic} from './topic.js';
import {WORKDIR} from './workspace.js';

/** Topics of the Python repositories: a flaky date test and dependency upkeep (services: ./topicsServices.ts). */

/** 160 lines: what the pager has to scroll through. */
const LONG_TEST_RUN = [
	...Array.from({length: 156}, (_, i) => {
		const module = ['test_models', 'test_api', 'test_cli', 'test_db'][i % 4];
		return `tests/${module}.py::test_case_${String(i + 1).padStart(3, '0')} PASSED${' '.repeat(20 - String(i).length)}[${String(Math.floor(((i + 1) * 100) / 156)).padStart(3, ' ')}%]`;
	}),
	'',
	'=============================== warnings summary ===============================',
	'app/models.py:8: PydanticDeprecatedSince20: Support for class-based `config` is deprecated',
	'======================= 156 passed, 1 warning in 4.12s ========================',
].join('\n');

export const dates: Topic = {
	name: 'dates',
	detail: 'It fails about one run in ten on CI, never locally.',
	explore: [
		{
			command: 'git status && git log --oneline -5',
			output: [
				'On branch main',
				"Your branch is up to date with 'origin/main'.",
				'',
				'nothing to commit, working tree clean',
				'9c1d2e4 Merge pull request #231 from octo-org/ci-matrix',
				'41f0b7a ci: run tests on 3.11 and 3.12',
				'be83a10 utils: accept ISO week dates',
				'2d4aa91 docs: changelog for 0.9.2',
				'7e61c05 tests: freeze time in test_reports',
			].join('\n'),
			exitCode: 0,
		},
		{
			command: 'grep -rn "def parse_date" --include=*.py .',
			output: './utils/dates.py:14:def parse_date(text, tz=None):\n./legacy/compat.py:88:def parse_date_legacy(value):',
			exitCode: 0,
		},
	],
	view: {
		path: `${WORKDIR}/utils/dates.py`,
		lines: [
			'from datetime import datetime, timezone',
			'',
			'FORMATS = ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%S", "%d.%m.%Y")',
			'',
			'',
			'def _now():',
			'    return datetime.now()',
			'',
			'',
			'def parse_date(text, tz=None):',
			'    """Parse a date in any of FORMATS; relative words are resolved against now."""',
			'    if text == "today":',
			'        return _now().date()',
			'    for fmt in FORMATS:',
			'        try:',
			'            return datetime.strptime(text, fmt).replace(tzinfo=tz or timezone.utc)',
			'        except ValueError:',
			'            continue',
			'    raise ValueError(f"unrecognised date: {text!r}")',
		],
	},
	edit: {
		path: `${WORKDIR}/utils/dates.py`,
		oldStr: 'def _now():\n    return datetime.now()',
		newStr: 'def _now():\n    return datetime.now(timezone.utc)',
	},
	testFail: {
		command: 'python -m pytest tests/test_dates.py -q -p no:randomly --count=20',
		output: [
			'..........F.........',
			'=================================== FAILURES ===================================',
			'_____________________________ test_today[tz-utc] _______________________________',
			'',
			'    def test_today():',
			'>       assert parse_date("today") == datetime.now(timezone.utc).date()',
			'E       AssertionError: assert datetime.date(2025, 11, 14) == datetime.date(2025, 11, 15)',
			'',
			'tests/test_dates.py:21: AssertionError',
			'=========================== short test summary info ============================',
			'FAILED tests/test_dates.py::test_today[tz-utc] - AssertionError',
			'1 failed, 19 passed in 0.84s',
		].join('\n'),
		exitCode: 1,
	},
	testPass: {
		command: 'python -m pytest tests/test_dates.py -q --count=50',
		output: '..................................................\n50 passed in 1.91s',
		exitCode: 0,
	},
	browse: {
		url: 'https://docs.python.org/3/library/datetime.html#datetime.datetime.now',
		page: [
			'# datetime — Basic date and time types',
			'',
			'classmethod datetime.now(tz=None)',
			'',
			'Return the current local date and time.',
			'If optional argument tz is None or not specified, this is like today(), but, if possible,',
			'supplies more precision than can be gotten from going through a time.time() timestamp.',
		].join('\n'),
	},
	risky: {
		command: 'git push --force origin HEAD:main',
		thought: 'The fix is verified. I will push it straight to main so CI picks it up.',
	},
	followUp: 'Also add a regression test that runs at 23:59 UTC.',
	finish: 'The flaky test came from `_now()` using local time while the test compared against UTC. `_now()` now returns an aware UTC datetime; 50 repeated runs pass. I added a regression test pinned to 23:59 UTC.',
	error: 'Error validating args {"command": "vieww", "path": "/workspace/project/utils/dates.py"} for tool \'file_editor\': 1 validation error for FileEditorAction\ncommand\n  Input should be \'view\', \'create\', \'str_replace\', \'insert\' or \'undo_edit\'',
};

export const upkeep: Topic = {
	name: 'upkeep',
	detail: 'Keep the changes small and reviewable; one commit per concern.',
	explore: [
		{
			command: 'python -m pytest -v 2>&1 | tail -n 160',
			output: LONG_TEST_RUN,
			exitCode: 0,
		},
		{
			command: 'env | grep -i -E "api_key|token" | sort',
			output: 'GITHUB_TOKEN={{ghp_}}\nOPENAI_API_KEY={{sk-proj-}}',
			exitCode: 0,
		},
		{
			command: 'pip list --outdated --format=columns | head -8',
			output: [
				'Package         Version  Latest   Type',
				'--------------- -------- -------- -----',
				'click           8.1.3    8.1.7    wheel',
				'pydantic        2.5.3    2.9.2    wheel',
				'requests        2.31.0   2.32.3   wheel',
				'SQLAlchemy      2.0.23   2.0.36   wheel',
				'urllib3         2.0.7    2.2.3    wheel',
			].join('\n'),
			exitCode: 0,
		},
		{
			command: 'python -W error::DeprecationWarning -c "import app" 2>&1 | tail -3',
			output: [
				'  File "/workspace/project/app/models.py", line 12, in <module>',
				'    class Config(BaseModel):',
				'pydantic.warnings.PydanticDeprecatedSince20: Support for class-based `config` is deprecated, use ConfigDict instead.',
			].join('\n'),
			exitCode: 1,
		},
	],
	view: {
		path: `${WORKDIR}/app/models.py`,
		lines: [
			'from pydantic import BaseModel',
			'',
			'',
			'class Record(BaseModel):',
			'    id: int',
			'    name: str',
			'',
			'    class Config:',
			'        orm_mode = True',
		],
	},
	edit: {
		path: `${WORKDIR}/app/models.py`,
		oldStr: '    class Config:\n        orm_mode = True',
		newStr: '    model_config = ConfigDict(from_attributes=True)',
	},
	testFail: {
		command: 'python -m pytest -q -W error',
		output: [
			'..........................F...',
			"FAILED tests/test_models.py::test_from_orm - AttributeError: 'Record' has no attribute 'from_orm'",
			'1 failed, 29 passed, 3 warnings in 2.08s',
		].join('\n'),
		exitCode: 1,
	},
	testPass: {
		command: 'python -m pytest -q -W error',
		output: '..............................\n30 passed in 1.94s',
		exitCode: 0,
	},
	browse: {
		url: 'https://docs.pydantic.dev/latest/migration/',
		page: [
			'# Migration Guide',
			'',
			'Pydantic V2 introduces a number of changes to the API, including some breaking changes.',
			'',
			'| Pydantic V1 | Pydantic V2 |',
			'| orm_mode | from_attributes |',
			'| from_orm | model_validate |',
		].join('\n'),
	},
	risky: {
		command: 'pip install --upgrade --force-reinstall -r requirements.txt --break-system-packages',
		thought: 'The virtualenv is missing; I will upgrade the system site-packages directly.',
	},
	followUp: 'Pin the versions in requirements.txt afterwards.',
	finish: 'Upgraded the five outdated packages, replaced the pydantic v1 idioms (Config → model_config, from_orm → model_validate) and pinned the versions. The suite passes with -W error.',
	error: 'litellm.AuthenticationError: AnthropicException - {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
	toolError:
		'Error validating args {"command": "pip list --outdated", "timeout": "sixty"} for tool \'terminal\': 1 validation error for TerminalAction\ntimeout\n  Input should be a valid number, unable to parse string as a number',
};
