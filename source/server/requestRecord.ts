/** What the stand-ins remember of each request, for tests (apart from ./types.ts so both kinds of stand-in read it). */
export type RequestRecord = {
	method: string;
	path: string;
	query: string;
	at: number;
	/** a websocket handshake (the agent servers' event sockets) */
	upgrade?: boolean;
	/** what the request carried (tests check that no key reaches another server than its own) */
	credentials?: Credentials;
};

/** The two places a client puts a key, and the Host it addressed (the app or the agent listener). */
export type Credentials = {session: string | null; bearer: string | null; host: string | null};
