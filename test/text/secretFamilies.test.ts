// Issue 21 items 2-3: the secret families that passed the masker, each in the function a view uses
// for it, and ordinary text beside them that must come through unchanged (paths, hashes in git
// output, UUIDs, digests, code, config that only looks like it). Fake credentials, none live.
import {afterEach, describe, expect, it} from 'vitest';
import {clearKnownSecrets} from '../../source/text/knownSecrets.js';
import {clean} from '../../source/text/sanitize.js';
import {MASK, maskArgv, maskEnvValue, maskSecrets, maskUrlSecrets, registerKnownSecret} from '../../source/text/secrets.js';
import {pagerLines, rowText} from '../../source/present/events/text.js';
import {eventDetail} from '../../source/present/events/detail.js';
import {TOKEN_PREFIXES} from '../../source/text/tokenPrefixes.js';
import {event} from '../ui/eventFixtures.js';
import {ORDINARY as ORDINARY_4, SHAPES, leaks} from './secretCorpus.js';

const PW = 'Pa55w0rd-Xy7q';
const AWS_SECRET = 'Kq8v/9XzR2pLm+4Tn7Wb1Yc6Hd0Jf5Ga3Se8Uq2V';
const HEX32 = '3f8a9b2c1d4e5f60718293a4b5c6d7e8';
const HEX40 = '9c1d4e5f60718293a4b5c6d7e83f8a9b2c1d4e5f';

type Case = [what: string, render: () => string, secret: string];

const FAMILIES: Case[] = [
	// name = value with spaces
	['INI password = value', () => maskSecrets(`password = ${PW}`), PW],
	['TOML token = "value"', () => maskSecrets(`token = "${PW}"`), PW],
	['~/.aws/credentials', () => maskSecrets(`aws_secret_access_key = ${AWS_SECRET}`), AWS_SECRET],
	["Django SECRET_KEY = '…'", () => maskSecrets(`SECRET_KEY = 'django-insecure-${PW}'`), PW],
	['openai.api_key = "…"', () => maskSecrets(`openai.api_key = "${PW}"`), PW],
	['Go api_key := "…"', () => maskSecrets(`apiKey := "${PW}"`), PW],
	['Ruby/PHP password => "…"', () => maskSecrets(`'password' => "${PW}",`), PW],
	['YAML client_secret: value', () => maskSecrets(`  client_secret: ${PW}`), PW],
	// passwords behind flags whose names do not say so
	['curl -u user:pass', () => maskSecrets(`curl -s -u alice:${PW} https://api.example.com`), PW],
	['curl --user user:pass (argv)', () => maskArgv(['curl', '--user', `alice:${PW}`, 'https://x']), PW],
	['curl -uuser:pass', () => maskSecrets(`curl -ualice:${PW} https://x`), PW],
	['sshpass -p', () => maskSecrets(`sshpass -p ${PW} ssh deploy@host`), PW],
	['mysql -pPASS', () => maskSecrets(`mysql -h db -u root -p${PW} shop`), PW],
	['sudo mysqldump -pPASS', () => maskSecrets(`sudo mysqldump -uroot -p${PW} --all-databases > dump.sql`), PW],
	['docker login -p', () => maskSecrets(`docker login -u bob -p ${PW} registry.example.com`), PW],
	['docker login -p (argv)', () => maskArgv(['docker', 'login', '-u', 'bob', '-p', PW]), PW],
	['redis-cli -a', () => maskSecrets(`redis-cli -h cache -a ${PW} ping`), PW],
	['ldapsearch -w', () => maskSecrets(`ldapsearch -x -D cn=admin -w ${PW} -b dc=example`), PW],
	['smbclient -U user%pass', () => maskSecrets(`smbclient //fs/share -U alice%${PW}`), PW],
	['zip -P', () => maskSecrets(`zip -P ${PW} out.zip a.txt`), PW],
	['7z -pPASS', () => maskSecrets(`7z a -p${PW} out.7z dir`), PW],
	['openssl -passin pass:', () => maskSecrets(`openssl rsa -in k.pem -passin pass:${PW} -out k2.pem`), PW],
	['a password after a pipe', () => maskSecrets(`cat dump.sql | mysql -p${PW} shop && echo done`), PW],
	// name-less file formats
	['.netrc on one line', () => maskSecrets(`machine api.github.com login octocat password ${PW}`), PW],
	['.netrc password line', () => pagerLines(`machine api.example.com\n  login alice\n  password ${PW}\n`).join('\n'), PW],
	['.pgpass', () => maskSecrets(`db.example.com:5432:shop:admin:${PW}`), PW],
	// bare keys below the long-random-run bar or split by / + ~ . -
	['bare AWS secret access key', () => maskSecrets(`export done; echo ${AWS_SECRET}`), AWS_SECRET],
	['Azure OpenAI key by its header', () => maskSecrets(`curl -H "api-key: ${HEX32}" https://x.openai.azure.com`), HEX32],
	['Datadog key named in prose', () => maskSecrets(`the Datadog API key ${HEX32} is invalid`), HEX32],
	['Datadog app key named in prose', () => maskSecrets(`application key: ${HEX40}`), HEX40],
	['Twilio auth token named', () => maskSecrets(`TWILIO_AUTH_TOKEN ${HEX32}`), HEX32],
	['GOCSPX- client secret', () => maskSecrets('client secret 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'), '1a2B3c4D5e6F7g8H9i0J1k2L3m4N'],
	['Google refresh token 1//', () => maskSecrets('refresh 1//0gLq2Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw2Er9TyU3aB4'), 'Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw2Er9TyU3aB4'],
	['Azure AD client secret with ~', () => maskSecrets('secret abc8Q~Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw'), 'Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw'],
	['GitLab runner token glrt-', () => maskSecrets('glrt-Zx8Kq2Lm9Nb4Vc7Xz1As'), 'Zx8Kq2Lm9Nb4Vc7Xz1As'],
	['GitLab registration GR1348941', () => maskSecrets('--registration-token GR1348941Zx8Kq2Lm9Nb4Vc7Xz1'), 'Zx8Kq2Lm9Nb4Vc7Xz1'],
	['Discord bot token', () => maskSecrets('Bot token MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8P'), 'GaBcDe.Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8P'],
	['Mailgun key-', () => maskSecrets(`mailgun key-${HEX32}`), HEX32],
	['age secret key', () => maskSecrets('AGE-SECRET-KEY-1QQYQ9Z8X7W6V5U4T3S2R1Q0P9N8M7L6K5J4H3G2F1E0D9C8B7A6Z5Y4'), 'QQYQ9Z8X7W6V5U4T3S2R1Q0P9N8M7L6K5J4H3G2F1E0D9C8B7A6Z5Y4'],
	['Docker PAT dckr_pat_', () => maskSecrets('dckr_pat_Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0'), 'Zx8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0'],
	['?pw= in a URL', () => maskUrlSecrets(`https://x.example/login?user=a&pw=${PW}`), PW],
	['Stripe webhook secret', () => maskSecrets('whsec_Zx8Kq2Lm9Nb4Vc7Xz1As3Df6'), 'Zx8Kq2Lm9Nb4Vc7Xz1As3Df6'],
	['Slack refresh token xoxe.xoxp-', () => maskSecrets('xoxe.xoxp-1-Mi0yLTEyMzQ1Njc4OTAxMjM'), 'Mi0yLTEyMzQ1Njc4OTAxMjM'],
	['Azure storage connection string', () => maskEnvValue('STORAGE', `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${AWS_SECRET}==;EndpointSuffix=core.windows.net`), AWS_SECRET],
	['spec env INI line', () => maskEnvValue('CONFIG', `[default]\npassword = ${PW}`), PW],
];

const ORDINARY: Array<[render: () => string, expected: string]> = [
	[() => maskSecrets('max_tokens = 4096'), 'max_tokens = 4096'],
	[() => maskSecrets('max_tokens=4096'), 'max_tokens=4096'],
	[() => maskSecrets('password_min_length = 12'), 'password_min_length = 12'],
	[() => maskSecrets('api_key = os.environ["OPENAI_API_KEY"]'), 'api_key = os.environ["OPENAI_API_KEY"]'],
	[() => maskSecrets('api_key = settings.OPENAI_API_KEY'), 'api_key = settings.OPENAI_API_KEY'],
	[() => maskSecrets('token = tokens[0]'), 'token = tokens[0]'],
	[() => maskSecrets('password = getpass()'), 'password = getpass()'],
	[() => maskSecrets('if key == value:'), 'if key == value:'],
	[() => maskSecrets('verify_ssl = true'), 'verify_ssl = true'],
	[() => maskSecrets('password = ${DB_PASSWORD}'), 'password = ${DB_PASSWORD}'],
	[() => maskSecrets('docker run -u 1000:1000 -p 8080:80 nginx'), 'docker run -u 1000:1000 -p 8080:80 nginx'],
	[() => maskSecrets('python -m pytest -p no:cacheprovider -q'), 'python -m pytest -p no:cacheprovider -q'],
	[() => maskSecrets('mysql -u root -p shop'), 'mysql -u root -p shop'],
	[() => maskSecrets('curl -u alice https://x.example'), 'curl -u alice https://x.example'],
	[() => maskSecrets('ps -u root -o pid,cmd'), 'ps -u root -o pid,cmd'],
	[() => maskSecrets('git log -p --stat'), 'git log -p --stat'],
	[() => maskSecrets('index 83db48f..bf269f4 100644'), 'index 83db48f..bf269f4 100644'],
	[() => maskSecrets('Merge: 1a2b3c4 5d6e7f8'), 'Merge: 1a2b3c4 5d6e7f8'],
	[() => maskSecrets('commit 9c1d4e5f60718293a4b5c6d7e83f8a9b2c1d4e5f (HEAD -> main)'), 'commit 9c1d4e5f60718293a4b5c6d7e83f8a9b2c1d4e5f (HEAD -> main)'],
	[() => maskSecrets('request 550e8400-e29b-41d4-a716-446655440000 done'), 'request 550e8400-e29b-41d4-a716-446655440000 done'],
	[() => maskSecrets('conversation ca3b40cdc88c4d06b14b1cff914b81cb finished'), 'conversation ca3b40cdc88c4d06b14b1cff914b81cb finished'],
	[() => maskSecrets('image@sha256:5f70bf18a086007016e948b04aed3b82103a36bea41755b6cddfaf10ace3c6ef'), 'image@sha256:5f70bf18a086007016e948b04aed3b82103a36bea41755b6cddfaf10ace3c6ef'],
	[() => maskSecrets('/usr/lib/python3/dist-packages/pip/_internal/cli/base_command.py'), '/usr/lib/python3/dist-packages/pip/_internal/cli/base_command.py'],
	[() => maskSecrets('src/app/components/Header/HeaderMenuButton.tsx:12:5: error TS2345'), 'src/app/components/Header/HeaderMenuButton.tsx:12:5: error TS2345'],
	[() => maskSecrets('./app.py:12:5:E501:line-too-long'), './app.py:12:5:E501:line-too-long'],
	[() => maskSecrets('2025-11-15T09:12:04Z started'), '2025-11-15T09:12:04Z started'],
	[() => maskSecrets('Password for https://alice@github.com:'), 'Password for https://alice@github.com:'],
	[() => maskSecrets('docker login -u bob --password-stdin registry.example.com'), 'docker login -u bob --password-stdin registry.example.com'],
	[() => maskSecrets('the password reset link was sent'), 'the password reset link was sent'],
	[() => maskSecrets('-----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIU'), '-----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIU'],
	[() => maskSecrets('keyboard layout us; tokenizer gpt2'), 'keyboard layout us; tokenizer gpt2'],
	// named after a secret, about it (verify-secrets: both were masked)
	[() => maskSecrets('token_endpoint: https://auth.example.com/oauth/token'), 'token_endpoint: https://auth.example.com/oauth/token'],
	[() => maskSecrets('passwordPolicy: strict'), 'passwordPolicy: strict'],
];

afterEach(() => clearKnownSecrets());

describe('issue 21: the families that passed', () => {
	it(`masks all ${FAMILIES.length} of them`, () => {
		const leaks = FAMILIES.map(([what, render, secret]) => ({what, shown: render(), secret})).filter(
			({shown, secret}) => shown.includes(secret) || !shown.includes(MASK) || shown.includes(secret.slice(-8)),
		);
		expect(leaks).toEqual([]);
	});

	it('an attached password in quotes is masked inside them, its quotes kept', () => {
		// before: `-p••••'` (the opening quote masked, the closing one left)
		expect(maskSecrets(`mysql -u root -p'${PW}' shop`)).toBe(`mysql -u root -p'${MASK}' shop`);
		expect(maskSecrets(`mysql -u root -p"${PW}" shop`)).toBe(`mysql -u root -p"${MASK}" shop`);
		expect(maskSecrets(`curl -u "alice:${PW}" https://x.example`)).toBe(`curl -u "alice:${MASK}" https://x.example`);
	});

	it(`keeps ${ORDINARY.length} ordinary values beside them unchanged`, () => {
		expect(ORDINARY.map(([render]) => render())).toEqual(ORDINARY.map(([, expected]) => expected));
	});

	it('a PEM private key in a multi-line output is masked as a whole, in the pager and in its row', () => {
		const body = Array.from({length: 25}, (_, i) => `MIIEowIBAAKCAQEA${String(i).padStart(2, '0')}x8Kq2Lm9Nb4Vc7Xz1As3Df6Gh0Jk5Lq8Pw2Er9TyU3aB4cD5eF6gH7iJ8`.slice(0, 64));
		const output = ['$ cat ~/.ssh/id_rsa', '-----BEGIN RSA PRIVATE KEY-----', ...body, '-----END RSA PRIVATE KEY-----', 'done'].join('\n');
		const shown = pagerLines(output).join('\n');
		for (const line of body) expect(shown).not.toContain(line.slice(16, 40));
		expect(shown).toContain('-----BEGIN RSA PRIVATE KEY----- •••• -----END RSA PRIVATE KEY-----');
		expect(shown).toContain('done');
		// an unterminated block (the output was cut) is masked to its end
		expect(pagerLines(['-----BEGIN OPENSSH PRIVATE KEY-----', ...body.slice(0, 3)].join('\n')).join('\n')).not.toContain(body[1]!.slice(16, 40));
		expect(rowText(output)).toBe('$ cat ~/.ssh/id_rsa …');
	});

	it("the user's own key in base64 (b64=… in an error line) is scrubbed like its other encodings", () => {
		const key = 'sk-oh-Ab3De6Gh9Jk2Mn5Pq8';
		registerKnownSecret(key);
		const b64 = Buffer.from(key).toString('base64');
		const b64url = Buffer.from(key).toString('base64url');
		expect(clean(`auth failed b64=${b64}`)).toBe(`auth failed b64=${MASK}`);
		expect(clean(`auth failed b64=${b64url}`)).toBe(`auth failed b64=${MASK}`);
	});
});

describe('issue 27 item 1: the round-4 families', () => {
	it(`masks all ${SHAPES.length} shapes of the round-4 corpus, in a line and in the pager`, () => {
		const shown = SHAPES.filter(({text, secret}) => leaks(maskSecrets(text), secret) || leaks(pagerLines(text).join('\n'), secret));
		expect(shown.map(shape => shape.what)).toEqual([]);
	});

	it(`keeps ${ORDINARY_4.length} ordinary texts as they are (hashes, ids, paths, base64 of text and images, code, sentences)`, () => {
		const changed = ORDINARY_4.filter(text => (text.includes('\n') ? pagerLines(text).join('\n') !== text : maskSecrets(text) !== text.replace(/ {2,}/g, ' ')));
		expect(changed).toEqual([]);
	});

	it('a recognised token goes whole, its tail with it; a published prefix stays', () => {
		expect(maskSecrets('ya29.a0AfB_Hd6eGOtJzTa8hVi4Ig1EQUnTHTLrvQgeAB1RSKDuAXd-9UvXz_QwXy done')).toBe(`ya29.${MASK} done`);
		expect(maskSecrets('glsa_d4rlKVatlo4nm7NMvC3pPRGTrIRJap1f_62da5a29 set')).toBe(`glsa_${MASK} set`);
		// a random run inside a longer token: the token goes, a leading word stays
		expect(maskSecrets('id sess_d4rlKVatlo4nm7NMvC3pPRGTrIRJap1f_tail9X-more')).toBe(`id sess_${MASK}`);
		expect(maskSecrets('PMAK-9c41fe742338089ce6894481-c961067b5614f22ffa5e7f29eaced5d810')).toBe(`PMAK-${MASK}`);
		expect(maskSecrets('secret Xy.8Q~Zx8Kq2Lm9Nb4Vc7Xz~As3Df6Gh0Jk5Lq8P')).toBe(`secret ${MASK}`);
	});

	it('the table of prefixes holds the well-known vendors, each prefix once', () => {
		const prefixes = TOKEN_PREFIXES.flatMap(([, list]) => list);
		expect(new Set(prefixes).size).toBe(prefixes.length);
		for (const prefix of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xoxb-', 'xoxp-', 'sk_live_', 'rk_live_', 'SG.', 'npm_', 'pypi-', 'dp.pt.', 'lin_api_', 'hf_', 'sk-', 'dapi', 'glsa_', 'glc_', 'PMAK-', 'NRAK-', 'pul-', 'sbp_', 'hvs.', 'ya29.']) {
			expect(prefixes, prefix).toContain(prefix);
		}
	});

	it("a state update's `key` names the state: the event view shows it (a member named key holding a snake_case word)", () => {
		const update = event({kind: 'ConversationStateUpdateEvent', id: 'e1', timestamp: '2025-11-15T09:13:31.000200', source: 'environment', key: 'execution_status', value: 'finished', extra: 1});
		const shown = eventDetail(update).map(line => line.text).join('\n');
		expect(shown).toContain('"key": "execution_status"');
		expect(maskSecrets('{"key": "sk_live_51H8xYzAbCdEfGhIjKlMnOpQr"}')).not.toContain('51H8xYz');
		expect(maskSecrets('key=hunter2-Xy7q')).toBe(`key=${MASK}`);
	});

	it('a row and the pager mask a line the same way, whatever its spacing', () => {
		for (const line of [`password:  ${PW}`, `curl   --user   alice:${PW}   https://x`, `"token":    "${PW}"`]) {
			expect(rowText(line)).not.toContain(PW);
			expect(pagerLines(line).join('\n')).not.toContain(PW);
		}
	});
});
