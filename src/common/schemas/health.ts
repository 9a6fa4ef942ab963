/** What GET /api/health answers: the database answered (200), or it did not (503). */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.string(), products: z.number() });
export type Health = z.infer<typeof healthSchema>;
export const unhealthySchema = z.object({ status: z.literal('unavailable'), database: z.string() });
