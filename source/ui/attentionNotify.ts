/**
 * Calls the user once for each new attention item (each transition has its own key), but never for
 * the conversation whose activity is open: the user is looking at it. No React: it follows the fleet
 * like the footer follows a notice, and writes through the notifier around Ink. A storm of
 * transitions is rationed and folded (./notifyLimiter.ts, issue 21 item 8).
 */
import type {Notifier} from '../terminal/notify.js';
import {refKey, type Fleet} from '../fleet/types.js';
import {clean} from '../text/sanitize.js';
import {attentionLine} from './attentionText.js';
import {type LimiterClock, NotificationLimiter} from './notifyLimiter.js';

export function notifyOnAttention(fleet: Pick<Fleet, 'subscribe' | 'getSnapshot'>, notifier: Pick<Notifier, 'notify'>, clock?: LimiterClock): () => void {
	let last = fleet.getSnapshot().attention;
	// keys are unique per transition on one server, so only the keys still listed need remembering
	const keyOf = (item: (typeof last)[number]) => refKey({server: item.server, id: item.key});
	let told = new Set(last.map(keyOf));
	const limiter = new NotificationLimiter(body => notifier.notify('ohtui', body), clock);
	const stop = fleet.subscribe(() => {
		const snapshot = fleet.getSnapshot();
		if (snapshot.attention === last) return;
		last = snapshot.attention;
		const now = new Set<string>();
		for (const item of last) {
			const key = keyOf(item);
			now.add(key);
			if (told.has(key)) continue;
			if (item.subject === 'conversation' && snapshot.activity?.conversationId === item.id && snapshot.activity.server === item.server) continue;
			// several servers: the notification says whose agent it is
			limiter.offer(refKey({server: item.server, id: `${item.subject}:${item.id}`}), snapshot.servers.length > 1 ? `${clean(item.server)}: ${attentionLine(item)}` : attentionLine(item));
		}
		told = now;
	});
	return () => {
		stop();
		limiter.close();
	};
}
