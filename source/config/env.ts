/** The environment variables ohtui reads. Empty values count as unset, as most tools treat them. */
export type EnvSettings = {
	/** OPENHANDS_URL */
	url: string | null;
	/** OPENHANDS_API_KEY */
	apiKey: string | null;
	/** NO_COLOR (https://no-color.org): present and not empty */
	noColor: boolean;
	/** OHTUI_LOG: a request log file, as `--log` */
	log: string | null;
};

export type Env = Record<string, string | undefined>;

export function readEnv(env: Env): EnvSettings {
	return {
		url: nonEmpty(env['OPENHANDS_URL']),
		apiKey: nonEmpty(env['OPENHANDS_API_KEY']?.trim()),
		noColor: nonEmpty(env['NO_COLOR']) !== null,
		log: nonEmpty(env['OHTUI_LOG']),
	};
}

function nonEmpty(value: string | undefined): string | null {
	return value === undefined || value === '' ? null : value;
}
