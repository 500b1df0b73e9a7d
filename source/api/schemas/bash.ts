import {z} from 'zod';

/**
 * The bash routes' events (agent-server doc 8.4; /work/realserver FINDINGS §5): ids are 32 hex, times
 * UTC with `Z`, nulls kept. A `BashOutput` with `exit_code` null is a 1 MiB chunk of a command still
 * running; the last one of a command carries its exit code (-1: time-out or could not start).
 */
export const bashCommandSchema = z.looseObject({
	id: z.string(),
	timestamp: z.string(),
	command: z.string().catch(''),
	cwd: z.string().nullable().catch(null).default(null),
	timeout: z.number().nullable().catch(null).default(null),
	kind: z.literal('BashCommand'),
});
export type BashCommand = z.output<typeof bashCommandSchema>;

export const bashOutputSchema = z.looseObject({
	id: z.string(),
	timestamp: z.string(),
	command_id: z.string(),
	order: z.number().int(),
	exit_code: z.number().int().nullable().catch(null).default(null),
	stdout: z.string().nullable().catch(null).default(null),
	stderr: z.string().nullable().catch(null).default(null),
	kind: z.literal('BashOutput'),
});
export type BashOutput = z.output<typeof bashOutputSchema>;

export const bashPageSchema = z.looseObject({items: z.array(z.unknown()), next_page_id: z.string().nullable().catch(null).default(null)});
