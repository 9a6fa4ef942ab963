/**
 * The admin area's own endpoints (src/common/api-contract.ts): log in and out, who is logged
 * in, the dashboard's numbers, the admins and one's own password. The admin calls of each
 * domain are in that domain's contract (catalog-api.ts, order-api.ts, ...).
 * Types only from the schemas: zod stays out of the bundle.
 */
import type { z } from 'zod';
import { endpoint } from './api-contract.ts';
import type { adminLoginSchema } from './schemas/account.ts';
import type { AdminList, AdminReply, changePasswordSchema, newAdminSchema } from './schemas/admin.ts';
import type { AdminStats } from './schemas/admin-orders.ts';

export const adminAreaApi = {
  login: endpoint<{ reply: AdminReply; body: z.input<typeof adminLoginSchema> }>()('POST', '/admin/login'),
  logout: endpoint()('POST', '/admin/logout', 204),
  me: endpoint<{ reply: AdminReply }>()('GET', '/admin/me'),
  /** What needs the owner, counts per category and state, orders per day, the most viewed. */
  stats: endpoint<{ reply: AdminStats }>()('GET', '/admin/stats'),
  /** Every admin: username, created and last log-in times (never passwords). */
  admins: endpoint<{ reply: AdminList }>()('GET', '/admin/admins'),
  addAdmin: endpoint<{ reply: AdminReply; body: z.input<typeof newAdminSchema> }>()('POST', '/admin/admins', 201),
  changePassword: endpoint<{ reply: undefined; body: z.input<typeof changePasswordSchema> }>()(
    'PUT',
    '/admin/password',
    204,
  ),
} as const;
