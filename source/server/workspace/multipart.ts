/**
 * The one part of a `multipart/form-data` body the upload route reads (FastAPI's `UploadFile`
 * named `file`): its bytes exactly, whatever they hold.
 */
export type FilePart = {filename: string | null; data: Buffer};

function boundaryOf(contentType: string | undefined): string | null {
	const m = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
	return m ? (m[1] ?? m[2] ?? null) : null;
}

/** The part named `field`, or null when the body has none (or is no multipart body at all). */
export function readFilePart(body: Buffer | null, contentType: string | undefined, field = 'file'): FilePart | null {
	const boundary = boundaryOf(contentType);
	if (!boundary || !body) return null;
	const delimiter = Buffer.from(`--${boundary}`);
	let at = body.indexOf(delimiter);
	while (at >= 0) {
		const start = at + delimiter.length;
		if (body.subarray(start, start + 2).toString() === '--') return null;
		const headEnd = body.indexOf('\r\n\r\n', start);
		if (headEnd < 0) return null;
		const head = body.subarray(start, headEnd).toString('utf8');
		const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
		if (next < 0) return null;
		const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
		const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
		if (name === field) return {filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null, data: body.subarray(headEnd + 4, next)};
		at = next + 2;
	}
	return null;
}
