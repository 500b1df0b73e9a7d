/**
 * Calls the user once for each new attention item (each transition has its own key), but never for
 * the conversation whose activity is open: the user is looking at it. No React: it follows the store
 * like the footer follows a notice, and writes through the notifier around Ink.
 */
import type {Notifier} from '../terminal/notify.js';
import type {Store} from '../store/types.js';
import {attentionLine} from './attentionText.js';

export function notifyOnAttention(store: Store, notifier: Pick<Notifier, 'notify'>): () => void {
	let last = store.getSnapshot().attention;
	// keys are unique per transition, so only the keys still listed need remembering
	let told = new Set(last.map(item => item.key));
	return store.subscribe(() => {
		const snapshot = store.getSnapshot();
		if (snapshot.attention === last) return;
		last = snapshot.attention;
		const now = new Set<string>();
		for (const item of last) {
			now.add(item.key);
			if (told.has(item.key)) continue;
			if (item.subject === 'conversation' && snapshot.activity?.conversationId === item.id) continue;
			notifier.notify('ohtui', attentionLine(item));
		}
		told = now;
	});
}
