import {defaultMaxItems, defaultRefreshSeconds} from './resolveConfig.js';

export function usageText(configFilePath: string): string {
	return `ohtui: a terminal UI for the OpenHands agent platform

Usage:
  ohtui [--url URL] [--profile NAME] [--refresh SECONDS] [--max-items N] [--auth session|bearer] [--demo]
  ohtui serve [--port PORT] ...   run the stand-in OpenHands server (ohtui serve --help)
  ohtui --help | --version

Options:
  --url URL            OpenHands server, e.g. http://127.0.0.1:3000
  --profile NAME       use a profile from the config file (default: its "current")
  --refresh SECONDS    poll interval, at least 1 (default ${defaultRefreshSeconds})
  --max-items N        rows loaded per list at most, at least 100 (default ${defaultMaxItems})
  --auth session|bearer  send the key as X-Session-API-Key (default) or Authorization: Bearer
  --demo               use the embedded demo server even when a URL is configured
  -h, --help           show this help
  -v, --version        print the version

With no URL anywhere, ohtui starts an embedded demo server.

Environment:
  OPENHANDS_URL        server URL (below --url, above the profile)
  OPENHANDS_API_KEY    API key (there is no flag for it: arguments show in ps)
  NO_COLOR             turn off colours
  XDG_CONFIG_HOME      where the config file lives

Config file: ${configFilePath}
  {"current": "work", "profiles": {"work": {"url": "https://oh.example.com", "apiKey": "...",
   "auth": "session", "refresh": 5}}}
  Keep it private: chmod 600 ${configFilePath}

Exit status: 0 quit, 1 fatal error, 2 usage or config error, 128+N ended by signal N.
`;
}
