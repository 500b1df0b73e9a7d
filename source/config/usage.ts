import {defaultMaxItems, defaultRefreshSeconds} from './servers.js';

export function usageText(configFilePath: string): string {
	return `ohtui: a terminal UI for the OpenHands agent platform

Usage:
  ohtui [--url URL | --profile NAME[,NAME...] | --all] [--refresh SECONDS] [--max-items N]
        [--auth MODE] [--log FILE] [--notify MODE] [--theme NAME] [--read-only] [--demo]
        [--needs-you]
  ohtui ls|show|send|approve|reject|pause|run|new|wait|status|completion ...
                                  scripting commands, plain text (ohtui COMMAND --help); --url,
                                  --profile, --all and the like go before or after the command
  ohtui diff|exec|cp|trajectory ...
                                  a conversation's workspace: its patch, a command, a file
  ohtui serve [--port PORT] ...   run the stand-in OpenHands server (ohtui serve --help)
  ohtui doctor ...                check the connection and configuration
  ohtui --help | --version

Options:
  --url URL            OpenHands server, e.g. http://127.0.0.1:3000 (no user:password@ in it)
  --profile NAME       use a profile from the config file (default: its "open", else "current")
  --profile A,B        open several profiles together, each with its own URL and key
  --all                open every profile of the config file together
  --refresh SECONDS    poll interval, at least 1 (default ${defaultRefreshSeconds})
  --max-items N        rows loaded per list at most, at least 100 (default ${defaultMaxItems})
  --auth auto|session|bearer
                       how the key is sent: found out from the server (auto, default),
                       X-Session-API-Key (session) or Authorization: Bearer (bearer)
  --log FILE           append one line per request and every warning to FILE
  --notify bell|desktop|both|off
                       how ohtui calls you when a conversation needs you (default bell)
  --theme auto|dark|light
                       colours for a dark or light background; auto reads COLORFGBG (default auto)
  --read-only          disable every key that changes something on the server
  --demo               use the embedded demo server even when a URL is configured
  --needs-you          open on the list of what needs you (the ! list; a tmux popup binding)
  -h, --help           show this help
  -v, --version        print the version (and Node's)

With no URL anywhere, ohtui starts an embedded demo server. Flags apply to every server opened.

Environment:
  OPENHANDS_URL        server URL (below --url, above the profile)
  OPENHANDS_API_KEY    API key of the one server (there is no flag for it: arguments show in ps)
  OHTUI_LOG            as --log (below --log, above the profile)
  NO_COLOR             no colours (bold and inverse stay)
  TERM                 dumb or unset: no alternate screen, no colours or attributes
  COLORFGBG            read by --theme auto to tell a light background from a dark one
  NODE_EXTRA_CA_CERTS  a PEM file with your CA, for a server certificate Node does not trust
  XDG_CONFIG_HOME      where the config file lives
  XDG_STATE_HOME       where ohtui remembers what you have seen (ohtui/seen/)
  XDG_CACHE_HOME       compile cache and ohtui status's shared answers (ohtui/)

Config file: ${configFilePath} (JSON, at most 1 MB)
  {"current": "work", "open": ["work", "laptop"],
   "profiles": {"work": {"url": "https://oh.example.com", "apiKey": "...", "auth": "auto",
                         "refresh": 5, "maxItems": 1000, "readOnly": false, "log": "/tmp/ohtui.log",
                         "notify": "bell", "theme": "dark"}},
   "theme": "auto", "notify": "bell", "notifyCommand": ["sh", "-c", "notify-send \\"$OHTUI_TEXT\\""],
   "keys": {"sandbox.pause": ["z"], "move.down": ["j", "ctrl-n"]}}
  "open" ("all" or profile names) opens those profiles together when no flag or OPENHANDS_URL
  names a server; a profile's apiKey is sent to its own URL only.
  "keys" gives a command new keys (command names: see the README); a key taken twice is an error.
  "notifyCommand" (a program and its arguments, no shell) runs when something comes to need you,
  with OHTUI_EVENT, OHTUI_SERVER, OHTUI_CONVERSATION, OHTUI_STATUS, OHTUI_TITLE, OHTUI_WAITS_FOR,
  OHTUI_TEXT and OHTUI_COUNT set (never a key); it gets 10 s; a failure is one line in the log.
  Keep it private: chmod 600 ${configFilePath}

Exit status: 0 quit, 1 fatal error, 2 usage or config error, 128+N ended by signal N.
Commands: 0 ok, 1 the server said no, 2 usage, 3 unreachable or timed out, 4 not found,
124 ohtui wait (or exec) timed out; ohtui exec exits with its command's code.
`;
}
