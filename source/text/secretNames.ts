/**
 * Whether a name (env var, query parameter, JSON member, flag, header) says its value is secret, and
 * whether a value under such a name is a secret or something about it (a placeholder, a type, code).
 * Read by every structural rule of ./secrets.ts and by ./secretFormats.ts.
 */

// Words that make a name secret-looking.
const SECRET_WORDS = new Set([
	'key', 'keys', 'apikey', 'token', 'tokens', 'tkn', 'secret', 'secrets', 'password', 'passwords', 'passwd', 'pass', 'pwd', 'passphrase',
	'auth', 'authorization', 'oauth', 'credential', 'credentials', 'cred', 'creds', 'signature', 'sig', 'dsn', 'pat', 'cookie', 'session',
	'jwt', 'bearer', 'webhook', 'webhooks', 'privatekey', 'pw', 'pword', 'passw',
	// the variable `sshpass -e` reads its password from
	'sshpass',
	// keytool's and openssl's flags (`-storepass`, `-passin`)
	'storepass', 'keypass', 'srcstorepass', 'deststorepass', 'srckeypass', 'destkeypass', 'passin', 'passout',
]);
const SECRET_SUFFIX = /(?:apikey|token|secret|password|passwd|accesskey|secretkey|privatekey|authkey)$/;
// The shell's working directories, not passwords, when their value is a path (ODBC's `Pwd=` is a password).
const DIRECTORY_NAMES = new Set(['pwd', 'oldpwd']);

// A last word that makes the value something about the secret, not the secret (`--password-stdin`,
// `PASSWORD_FILE=/run/secrets/db`, `password_min_length`, `token_count`, an OAuth `token_endpoint`, a
// `passwordPolicy`: the verify-secrets pass found those two masked). Not `url`: a `SLACK_WEBHOOK_URL`
// is the secret itself.
const ABOUT_SECRET = new Set([
	'stdin', 'file', 'files', 'path', 'dir', 'env', 'var', 'prompt', 'length', 'len', 'count', 'size', 'min', 'max', 'ttl', 'timeout', 'type',
	'format', 'id', 'ids', 'header', 'name', 'expiry', 'expires', 'lifetime', 'endpoint', 'policy', 'hint', 'strength', 'mode',
]);

function words(name: string): string[] {
	return name
		.replace(/^-+/, '')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.map(word => word.replace(/\d+$/, ''))
		.filter(Boolean);
}

// Names repeat (every `"id":` of a JSON line, every `-u` of a command): the answers are kept.
const judged = new Map<string, boolean>();

/** Whether a name (env var, query parameter, JSON member, flag, header) says its value is secret. */
export function isSecretName(name: string): boolean {
	let secret = judged.get(name);
	if (secret === undefined) {
		if (judged.size >= 2000) judged.clear();
		secret = judge(name);
		judged.set(name, secret);
	}
	return secret;
}

function judge(name: string): boolean {
	const bare = name.replace(/^-+/, '');
	if (DIRECTORY_NAMES.has(bare.toLowerCase())) return false;
	const all = words(bare);
	if (all.length > 1 && ABOUT_SECRET.has(all[all.length - 1]!)) return false;
	return all.some(word => SECRET_WORDS.has(word) || SECRET_SUFFIX.test(word));
}

/**
 * Values that are not a secret whatever their name: a digit (`auth_enabled=1`), booleans, empty quotes, a
 * variable (`$DB_PASSWORD`, `${X}`), a dotted name of letters (`settings.API_KEY`, `os.environ`), a type (`api_key: str`,
 * `token: string;`, `Optional[str]`, `SecretStr`), a placeholder (`<your-key>`, `xxx`, `***`, `value`).
 */
const NOT_A_SECRET_VALUE = new RegExp(
	[
		'\\d', 'true|false|null|none|nil|yes|no|on|off|undefined', '["\'`]{2}', '\\$.*', '[A-Za-z_]+(?:\\.[A-Za-z_]+)+',
		'str|string|int|integer|bool|boolean|number|float|bytes|any|unknown|object|secretstr|secretbytes|[A-Za-z_][\\w.]*\\[[\\w\\[\\], |.]*\\]',
		'value|values|required|optional|redacted|hidden|masked|secret|password|token|key|changeme|\\*+|x{3,}|\\.{3}|…|<[^>]*>|\\{\\{.*\\}\\}|your[-_]\\w+',
	].join('|'),
);
const NOT_A_SECRET = new RegExp(`^(?:${NOT_A_SECRET_VALUE.source})$`, 'i');

/**
 * A member named just `key` holding a snake_case word (a state update's `execution_status`) or a
 * secret's name (Postman's `{"key":"apiSecret","value":…}`) names something; it is no key.
 */
const IDENTIFIER = /^[a-z]+(?:_[a-z]+)*$/;

/**
 * Whether `name` (said before `=`, `:` or as a JSON member) makes `value` a secret to hide: the name
 * says so and the value is not about it, or the name is `pwd` and the value is no path.
 */
export function hidesValue(name: string, value: string): boolean {
	const lower = name.replace(/^-+/, '').toLowerCase();
	const directory = DIRECTORY_NAMES.has(lower);
	if (!directory && !isSecretName(name)) return false;
	const bare = value.replace(/^(["'`])(.*)\1$/, '$2');
	if (bare === '' || NOT_A_SECRET.test(bare)) return false;
	// a count of tokens, not a token (`max_tokens = 4096`, a stats event's `"prompt_tokens": 903112`);
	// a number in quotes or under another name may be a PIN (`password: 1234`, `"password": "123456"`)
	if (bare === value && /^\d+$/.test(bare) && words(name).includes('tokens')) return false;
	if (directory) return !/^[/~.$]/.test(bare);
	return !((lower === 'key' || lower === 'keys') && (IDENTIFIER.test(bare) || isSecretName(bare)));
}
