import {z} from 'zod';

/** `Success`, section 3.10. */
export const successSchema = z.object({success: z.boolean()});
export const countSchema = z.number().int();
