/**
 * Secrets in formats that carry no name a rule could read beside the value (issue 21 item 3, issue
 * 27 item 1): a private key's PEM block, masked as a whole across its lines (its 64-character body
 * lines, judged one by one, showed 760 of 1,628 base64 characters of an RSA key); `.netrc`
 * (`machine … login … password …`); `.pgpass` (`host:port:database:user:password`, on a line of its
 * own or quoted in a command); and name/value pairs, where the name is one member and the value
 * another (Kubernetes' `{"name":"DB_PASSWORD","value":"…"}` and its YAML form, Postman's
 * `{"key":…,"value":…}`, CloudFormation's `ParameterKey`/`ParameterValue`, the same inside a JSON
 * string with its quotes escaped); XML, whose names are tags and attributes (Maven's
 * `<password>…</password>`, .NET's `<add key="ApiKey" value="…"/>`, `<property name=… value=…/>`,
 * `<entry key="db.password">…</entry>`: found by the re-check verify-secrets). The multi-line ones
 * work on one line as well (a row's text is one line), and the pager runs them over its whole text first.
 */
import {hidesValue} from './secretNames.js';
import {MASK} from './secretShapes.js';

const PEM = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g;

/** Every private-key block in (multi-line) text, replaced as a whole by one line that says what it was. */
export function maskKeyBlocks(text: string): string {
	if (!text.includes('-----BEGIN ')) return text;
	return text.replace(PEM, (_block, label: string) => `-----BEGIN ${label}----- ${MASK} -----END ${label}-----`);
}

// `machine host login name password secret` (or `default login … password …`, the entry for any other
// host) on one line, or a `password secret` line of a block (a quote may close it: a block quoted in a message)
const NETRC_INLINE = /(\bmachine\s+\S+[^\n]*?\bpassword\s+|(?<![\w[])default\s+login\s+\S+\s+(?:account\s+\S+\s+)?password\s+)(\S+)/g;
const NETRC_LINE = /^([+-]?\s*password\s+)([^\s"'`]+)(?=["'`]|\s*$)/gm;
// hostname:port:database:username:password (port a number or *; a database of digits is a line and
// column, as in `app.py:12:5:E501:…`), standing as a token: a line (a diff's, after its `+`), or
// quoted in a command
const PGPASS = /((?:^|[\s"'`=(>])\+?(?:[A-Za-z0-9_.*-]+|\[[0-9A-Fa-f:]+\]):(?:\d{1,5}|\*):(?!\d+:)[^:\s"'`]+:[^:\s"'`]+:)([^\s"'`]+)/gm;

/** `.netrc` and `.pgpass` lines with their passwords masked. */
export function maskFileFormats(text: string): string {
	let out = text;
	if (/\bpassword\s/.test(out)) out = out.replace(NETRC_INLINE, (_w, head: string) => head + MASK).replace(NETRC_LINE, (_w, head: string) => head + MASK);
	if (out.includes(':')) out = out.replace(PGPASS, (whole, head: string, password: string) => (password.startsWith(MASK) ? whole : head + MASK));
	return out;
}

const NAME_MEMBERS = 'name|key|Name|Key|ParameterKey|variable|env|envVar';
const VALUE_MEMBERS = 'value|Value|ParameterValue';
// one flat JSON object (no object inside): the pair's members are found in it, in either order
const FLAT_OBJECT = /\{[^{}]{0,2000}\}/g;
// a quote may be escaped (`\\"`: the pair inside a JSON string); the value runs to its first closing quote
const NAME_MEMBER = new RegExp(`(\\\\?["'])(?:${NAME_MEMBERS})\\1\\s*:\\s*(\\\\?["'])([^"'\\\\]{1,128})\\2`);
const VALUE_MEMBER = new RegExp(`((\\\\?["'])(?:${VALUE_MEMBERS})\\2\\s*:\\s*)(\\\\?["'])((?:\\\\.|(?!\\3)[^\\\\])*?)\\3`, 'g');
// YAML: `name: DB_PASSWORD` then `value: …` on the next line (a diff's `+` before it), or after a
// space once a row flattened it
const YAML_PAIR = /(\b(?:name|key):[ \t]*(["']?)([A-Za-z_][\w.-]{0,127})\2,?(?:[ \t]*\r?\n[+-]?[ \t]*|[ \t]+(?:[+-][ \t]+)?)value:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s"'#,}]+)/g;

/** The values of name/value pairs whose name says secret. */
export function maskPairs(text: string): string {
	let out = text;
	if (/value\\?["']?\s*:/i.test(out) && out.includes('{')) {
		out = out.replace(FLAT_OBJECT, object => {
			const name = NAME_MEMBER.exec(object)?.[3];
			if (name === undefined) return object;
			return object.replace(VALUE_MEMBER, (whole, head: string, _q: string, quote: string, value: string) =>
				hidesValue(name, `${quote.slice(-1)}${value}${quote.slice(-1)}`) && !value.includes(MASK) ? `${head}${quote}${MASK}${quote}` : whole,
			);
		});
	}
	if (out.includes('value:')) {
		out = out.replace(YAML_PAIR, (whole, head: string, _q: string, name: string, value: string) => {
			if (!hidesValue(name, value) || value.includes(MASK)) return whole;
			const quote = /^["']/.test(value) ? value[0]! : '';
			return `${head}${quote}${MASK}${quote}`;
		});
	}
	return out.includes('<') ? maskXml(out) : out;
}

// `<password>…</password>`: a tag that says secret around text; `<entry key="db.password">…</entry>`:
// an attribute that names the text; `<add key="ApiKey" value="…"/>`: one attribute names another's value
const XML_ELEMENT = /<([A-Za-z][\w.:-]*)((?:\s+[\w.:-]+=(?:"[^"<>]*"|'[^'<>]*'))*)\s*>([^<>\n]+)<\/\1>/g;
const XML_TAG = /<[A-Za-z][\w.:-]*(?:\s+[\w.:-]+=(?:"[^"<>]*"|'[^'<>]*'))+\s*\/?>/g;
// a property list names a value with the `<key>` before it (`<key>CFBundleIdentifier</key>` is no key)
const PLIST_PAIR = /(<key>([^<>\n]{1,128})<\/key>\s*<string>)([^<>\n]+)(<\/string>)/g;
const NAMING_ATTRIBUTE = /\s(?:key|name)=(["'])([^"'<>]{1,128})\1/;
const VALUE_ATTRIBUTE = /(\svalue=)(["'])([^"'<>]*)\2/;

/** XML elements and attributes whose tag or naming attribute says secret, their values masked. */
export function maskXml(text: string): string {
	if (!/<[A-Za-z]/.test(text)) return text;
	let out = text.includes('<key>') ? text.replace(PLIST_PAIR, (whole, head: string, name: string, value: string, end: string) => (hidesValue(name, value) && !value.includes(MASK) ? `${head}${MASK}${end}` : whole)) : text;
	out = out.replace(XML_ELEMENT, (whole, tag: string, attributes: string, value: string) => {
		const name = NAMING_ATTRIBUTE.exec(attributes)?.[2] ?? tag;
		return tag !== 'key' && hidesValue(name, value) && !value.includes(MASK) ? `<${tag}${attributes}>${MASK}</${tag}>` : whole;
	});
	return out.replace(XML_TAG, tag => {
		const name = NAMING_ATTRIBUTE.exec(tag)?.[2];
		const value = VALUE_ATTRIBUTE.exec(tag);
		if (name === undefined || !value || value[3]!.includes(MASK) || !hidesValue(name, `${value[2]}${value[3]}${value[2]}`)) return tag;
		return tag.replace(VALUE_ATTRIBUTE, `$1$2${MASK}$2`);
	});
}

/** What the pager runs over a whole text before cutting it into lines: the rules that span lines. */
export function maskBlocks(text: string): string {
	return maskPairs(maskKeyBlocks(text));
}
