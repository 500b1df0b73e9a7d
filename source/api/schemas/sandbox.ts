import {z} from 'zod';
import {nullable, openEnum, pageOf, timestamp} from './common.js';

/** shared/openhands-api.md 3.7; a newer server may send more (kept as strings). */
export const SANDBOX_STATUSES = ['STARTING', 'RUNNING', 'PAUSED', 'ERROR', 'MISSING'] as const;
export const sandboxStatus = openEnum(SANDBOX_STATUSES);
export type SandboxStatus = z.infer<typeof sandboxStatus>;

export const exposedUrlSchema = z.object({
	name: z.string(),
	url: z.string(),
	// newer upstream adds a required `port` (section 10)
	port: nullable(z.number()),
});
export type ExposedUrl = z.infer<typeof exposedUrlSchema>;

/** `SandboxInfo`, section 3.2. */
export const sandboxSchema = z.object({
	id: z.string(),
	created_by_user_id: nullable(z.string()),
	sandbox_spec_id: z.string(),
	status: sandboxStatus,
	session_api_key: nullable(z.string()),
	exposed_urls: nullable(z.array(exposedUrlSchema)),
	created_at: timestamp,
});
export type Sandbox = z.infer<typeof sandboxSchema>;

export const sandboxPageSchema = pageOf(sandboxSchema);
export const sandboxBatchSchema = z.array(sandboxSchema.nullable());
