/**
 * A host on this machine. An app server that advertises one for its agent servers (a sandbox's
 * `localhost:PORT`) while ohtui talks to it elsewhere must not get the sandbox's key sent there:
 * whatever listens on that port here is not that sandbox.
 */
const LOOPBACK = /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[?::1?\]?|\[?::ffff:127(?:\.\d{1,3}){3}\]?)$/i;

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK.test(hostname);
}
