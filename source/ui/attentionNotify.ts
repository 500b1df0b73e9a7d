/**
 * Calls the user once for each new attention item (each transition has its own key), but never for
 * the conversation whose activity is open: the user is looking at it. No React: it follows the store
 * like the footer follows a notice, and writes through the notifier around Ink. A storm of
 * transitions is rationed and folded (./notifyLimiter.ts, issue 21 item 8).
 */
import type {Notifier} from '../terminal/notify.js';
import type {Store} from '../store/types.js';
import {attentionLine} from './attentionText.js';
import {type LimiterClock, NotificationLimiter} from './notifyLimiter.js';

export function notifyOnAttention(store: Store, notifier: Pick<Notifier, 'notify'>, clock?: LimiterClock): () => void {
	let last = store.getSnapshot().attention;
	// keys are unique per transition, so only the keys still listed need remembering
	let told = new Set(last.map(item => item.key));
	const limiter = new NotificationLimiter(body => notifier.notify('ohtui', body), clock);
	const stop = store.subscribe(() => {
		const snapshot = store.getSnapshot();
		if (snapshot.attention === last) return;
		last = snapshot.attention;
		const now = new Set<string>();
		for (const item of last) {
			now.add(item.key);
			if (told.has(item.key)) continue;
			if (item.subject === 'conversation' && snapshot.activity?.conversationId === item.id) continue;
			limiter.offer(`${item.subject}:${item.id}`, attentionLine(item));
		}
		told = now;
	});
	return () => {
		stop();
		limiter.close();
	};
}
