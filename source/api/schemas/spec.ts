import {z} from 'zod';
import {nullable, pageOf, timestamp} from './common.js';

/** `SandboxSpecInfo`, section 3.3. */
export const sandboxSpecSchema = z.object({
	id: z.string(),
	command: nullable(z.array(z.string())),
	created_at: timestamp,
	initial_env: z.record(z.string(), z.string()).default({}),
	working_dir: z.string().default('/home/openhands/workspace'),
});
export type SandboxSpec = z.infer<typeof sandboxSpecSchema>;

export const sandboxSpecPageSchema = pageOf(sandboxSpecSchema);
export const sandboxSpecBatchSchema = z.array(sandboxSpecSchema.nullable());
