// Issue 21 item 13: the registry of known secrets grew with every sandbox's session key ever
// listed (and every `clean` paid for each). The user's own keys stay for the run; session keys make
// room for newer ones, and an old one echoed later is still masked by its shape.
import {afterEach, describe, expect, it} from 'vitest';
import {clearKnownSecrets, knownSecretCount} from '../../source/text/knownSecrets.js';
import {clean} from '../../source/text/sanitize.js';
import {MASK, maskSecrets, registerKnownSecret} from '../../source/text/secrets.js';
import {remember, rememberKey} from '../../source/store/bounded.js';

afterEach(() => clearKnownSecrets());

const sessionKey = (n: number) => `Yx9Kq2Lm8Nb4Vc7Xz1As3Df6Gh0Jk5Lq8P${String(n).padStart(6, '0')}w2Er`;

describe('bounded registries', () => {
	it('a thousand session keys later: 101 registered, the user key still scrubbed, an old session key still masked', () => {
		registerKnownSecret('sk-oh-user-Ab3De6Gh9Jk2', {pinned: true});
		for (let n = 0; n < 1000; n++) registerKnownSecret(sessionKey(n));
		expect(knownSecretCount()).toBe(101);
		expect(clean('echo sk-oh-user-Ab3De6Gh9Jk2 back')).toBe(`echo ${MASK} back`);
		expect(clean(`key ${sessionKey(999)}`)).toBe(`key ${MASK}`);
		expect(maskSecrets(`key ${sessionKey(0)}`)).not.toContain(sessionKey(0).slice(10, 30));
	});

	it('remember keeps the newest, moving a key set again to the end', () => {
		const map = new Map<string, number>();
		for (let n = 0; n < 10; n++) remember(map, `k${n}`, n, 5);
		remember(map, 'k5', 55, 5);
		remember(map, 'k10', 10, 5);
		expect([...map.keys()]).toEqual(['k7', 'k8', 'k9', 'k5', 'k10']);
		const set = new Set<string>();
		for (let n = 0; n < 4; n++) rememberKey(set, `k${n}`, 3);
		expect([...set]).toEqual(['k1', 'k2', 'k3']);
	});
});
