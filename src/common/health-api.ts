/** The health check's endpoint (src/common/api-contract.ts), for monitors and the deploy scripts. */
import { endpoint } from './api-contract.ts';
import type { Health } from './schemas/health.ts';

export const healthApi = {
  /** Liveness and a database check: 503 when the database does not answer. */
  health: endpoint<{ reply: Health }>()('GET', '/health'),
} as const;
