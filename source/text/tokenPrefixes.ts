/**
 * Credentials with a published prefix (issue 27 item 1: keep a table of prefixes and grow it). Each
 * row: the vendor, its prefixes, and what follows a prefix (a regex source). The prefix stays on
 * screen (`ghp_••••`) so the kind of credential is still visible; what follows it goes as a whole,
 * tail included (a body class stops at the token's end: `glsa_<32>_<8 hex>` once left
 * `glsa_••••_1a2b3c4d`). Bodies are as narrow as the vendor's documented form allows, so a prefix in
 * a word (`risk-free`, `s.strip()`) is left alone. ./secretShapes.ts compiles the table into one regex.
 *
 * To add a vendor: one row, and a shape in test/text/secretCorpus.ts.
 */

/** Letters, digits, `_` and `-`: most tokens. */
const W = '[\\w-]';
/** ... and base64's `+ / =` */
const B64 = '[\\w+/=-]';

/** Groups of `body ? prefixes` with the same body. */
export const TOKEN_PREFIXES: ReadonlyArray<readonly [vendor: string, prefixes: readonly string[], body: string]> = [
	['GitHub', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'], '\\w{20,}'],
	// routable tokens (GitLab 17.x) end in `.`, a 2-character version and a 7-character CRC: part of the token
	['GitLab', ['glpat-', 'glptt-', 'gldt-', 'glrt-', 'glcbt-', 'glsoat-', 'glft-', 'glimt-', 'glagent-', 'glffct-', 'glwt-', 'gloas-', 'GR1348941'], `${W}{16,}(?:\\.[0-9a-z]{9})?`],
	['Slack', ['xoxa-', 'xoxb-', 'xoxp-', 'xoxo-', 'xoxr-', 'xoxs-', 'xoxe-', 'xoxe.xoxb-', 'xoxe.xoxp-', 'xapp-'], `${W}{10,}`],
	// OpenAI (sk-proj-, sk-svcacct-), Anthropic (sk-ant-), OpenRouter (sk-or-v1-), Langfuse (sk-lf-), DeepSeek
	['sk- keys', ['sk-'], `${W}{12,}`],
	['Stripe, Clerk', ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'pk_live_', 'whsec_'], `${W}{12,}`],
	['ElevenLabs', ['sk_'], '[0-9a-f]{48}'],
	['Google', ['AIza'], `${W}{30,}`],
	['Google OAuth client secret', ['GOCSPX-'], `${W}{20,}`],
	['Google OAuth access token', ['ya29.'], `${W}{20,}(?:\\.${W}+)*`],
	['Hugging Face, npm, Linear, Tavily, Shopify, PyPI, SendGrid, Docker', ['hf_', 'npm_', 'lin_api_', 'lin_oauth_', 'tvly-', 'shpat_', 'shpss_', 'shpca_', 'shppa_', 'pypi-', 'SG.', 'dckr_pat_', 'dckr_oat_'], '[\\w.-]{16,}'],
	['DigitalOcean', ['dop_v1_', 'doo_v1_', 'dor_v1_'], '[0-9a-f]{64}'],
	['Postman', ['PMAK-'], `${W}{20,}`],
	['New Relic', ['NRAK-', 'NRAA-', 'NRII-', 'NRIQ-', 'NRJS-', 'NRRA-', 'NRSP-'], `${W}{16,}`],
	['Pulumi', ['pul-'], '[0-9a-f]{40}'],
	['Supabase', ['sbp_', 'sb_secret_'], `${W}{24,}`],
	['Doppler', ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'], '\\w{30,}'],
	['Databricks', ['dapi'], '[0-9a-f]{32}(?:-\\d+)?'],
	['Grafana', ['glsa_', 'glc_', 'eyJrIjoi'], `${B64}{20,}`],
	['Groq, Replicate, Fireworks, Notion, Netlify, Neon, Render, Prefect', ['gsk_', 'r8_', 'fw_', 'ntn_', 'nfp_', 'napi_', 'rnd_', 'pnu_'], '\\w{20,}'],
	['xAI, Perplexity, LangSmith, Pinecone, Figma, Tailscale, Heroku, Contentful, Flutterwave', ['xai-', 'pplx-', 'lsv2_pt_', 'lsv2_sk_', 'pcsk_', 'figd_', 'tskey-', 'HRKU-', 'CFPAT-', 'FLWSECK-', 'FLWSECK_TEST-', 'dnkey-'], `${W}{20,}`],
	['Sentry, Fly.io', ['sntrys_', 'sntryu_', 'fo1_', 'fm1r_', 'fm1a_', 'fm2_'], `${B64}{30,}`],
	['PlanetScale', ['pscale_tkn_', 'pscale_pw_', 'pscale_oauth_'], '[\\w.-]{20,}'],
	['Brevo', ['xkeysib-', 'xsmtpsib-'], `${W}{40,}`],
	['Atlassian, Bitbucket', ['ATATT3', 'ATCTT3', 'ATBB'], '[\\w=.-]{32,}'],
	['1Password service account', ['ops_'], `${W}{40,}`],
	['Square', ['sq0atp-', 'sq0csp-'], `${W}{22,}`],
	['Shippo', ['shippo_live_', 'shippo_test_'], '[0-9a-f]{40}'],
	['EasyPost', ['EZAK', 'EZTK'], '[A-Za-z0-9]{54}'],
	['Buildkite', ['bkua_'], '[0-9a-f]{40}'],
	['CircleCI', ['CCIPAT_'], '\\w{20,}'],
	['NuGet', ['oy2'], '[a-z0-9]{43}'],
	['HubSpot', ['pat-na1-', 'pat-eu1-'], '[0-9a-f-]{36}'],
	['RubyGems', ['rubygems_'], '[0-9a-f]{48}'],
	['ReadMe', ['rdme_'], '[a-z0-9]{70}'],
	['Adafruit', ['aio_'], '[A-Za-z0-9]{28}'],
	['Alibaba Cloud access key id', ['LTAI'], '[A-Za-z0-9]{20}'],
	['Dynatrace', ['dt0c01.'], '[A-Z0-9]{24}\\.[A-Z0-9]{64}'],
	['Scalingo', ['tk-us-'], `${W}{48}`],
	['Frame.io', ['fio-u-'], '[\\w=-]{64}'],
	['Typeform', ['tfp_'], `${W}{59}`],
	['Mapbox secret token', ['sk.eyJ'], '[\\w.-]{60,}'],
	['Infracost', ['ico-'], '[A-Za-z0-9]{32}'],
	['Octopus Deploy', ['API-'], '[A-Z0-9]{26}'],
	['Duffel', ['duffel_live_', 'duffel_test_'], `${W}{43}`],
	['Dropbox', ['sl.'], `${W}{130,}`],
	['E2B', ['e2b_'], '[0-9a-f]{40}'],
	['Browserbase', ['bb_live_'], `${W}{27,}`],
	['Firecrawl', ['fc-'], '[0-9a-f]{32}'],
	['JFrog', ['AKCp', 'cmVmdGtu'], '[A-Za-z0-9]{56,}'],
	['HashiCorp Vault', ['hvs.', 'hvb.', 'hvr.'], `${W}{24,}`],
	['Clojars', ['CLOJARS_'], '[a-z0-9]{60}'],
	['Square access token', ['EAAA'], `${W}{60,}`],
];
