/**
 * The rest of what some seeded conversations left in their working trees, so a patch of their work
 * has every kind of change worth applying (issue 28 item 5): a moved file (git finds the rename; the
 * changes route lists DELETED + ADDED, as a real 1.43.1 does), binary files new and changed (NUL
 * bytes: no text diff), a file with CRLF line endings edited (its CRs kept), and a file without a
 * final newline (the server's texts cannot tell either, the patch can).
 */
import type {Topic} from '../events/topics.js';
import type {Workspaces} from './workspaces.js';

/** A 2x2 PNG (dark and light pixels): binary, with NUL bytes. */
const MOON_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFUlEQVR4nGOQV9b4D8IM/68z/AdhAD3UCH25Qc0wAAAAAElFTkSuQmCC', 'base64');
/** An icon file's bytes before and after: NUL, 0xFF 0xFE, as a real binary has them. */
const FAVICON_BEFORE = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0xff, 0xfe, 0x1f, 0x23, 0x28, 0xff]);
const FAVICON_AFTER = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0xff, 0xfe, 0x0d, 0x11, 0x17, 0xff, 0x00, 0x42]);

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

type More = (workspaces: Workspaces, root: string) => void;

const MORE: Record<string, More> = {
	web: (w, root) => {
		w.moved(root, 'src/styles/colors.css', 'src/styles/tokens/colors.css', ':root {\n  --gray-1: #f6f8fa;\n  --gray-9: #1f2328;\n}\n');
		w.added(root, 'public/icons/moon.png', MOON_PNG);
		w.changed(root, 'public/favicon.ico', FAVICON_BEFORE, FAVICON_AFTER);
		w.changed(
			root,
			'docs/SETTINGS.md',
			crlf(['# Settings', '', 'The settings page has three sections:', '', '- Profile', '- Notifications', '- Billing']),
			crlf(['# Settings', '', 'The settings page has four sections:', '', '- Profile', '- Appearance (light, dark or system)', '- Notifications', '- Billing']),
		);
		w.changed(root, '.nvmrc', '20', '22');
	},
	services: (w, root) => {
		w.moved(root, 'app/auth/tokens.py', 'services/auth/tokens.py', 'import jwt\n\n\ndef issue(user_id: str, secret_name: str = "JWT_SIGNING_KEY") -> str:\n    return jwt.encode({"sub": user_id}, secret_name)\n');
	},
	websocket: (w, root) => {
		w.changed(root, 'fixtures/frames.bin', Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x00]), Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x00, 0x89, 0x00]));
	},
	i18n: (w, root) => {
		w.changed(root, 'src/i18n/en.properties', crlf(['errors.notFound=Page not found', 'errors.offline=No connection']), crlf(['errors.notFound=Page not found', 'errors.offline=No connection to the server', 'errors.unauthorized=Please sign in again']));
	},
};

export function seedMore(workspaces: Workspaces, root: string, topic: Topic): void {
	MORE[topic.name]?.(workspaces, root);
}
