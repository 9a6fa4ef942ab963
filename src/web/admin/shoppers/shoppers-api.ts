/** The dashboard's shopper lookup and reset links (docs/product.md#admin-shoppers). */
import type { AdminShopper, ResetLink } from '../../../common/schemas/account-rights.ts';
import { api } from '../../lib/api-client.ts';

export function findShoppers(phone: string): Promise<{ shoppers: AdminShopper[] }> {
  return api<{ shoppers: AdminShopper[] }>(`/admin/shoppers?phone=${encodeURIComponent(phone)}`);
}

export function makeResetLink(shopperId: string): Promise<ResetLink> {
  return api<ResetLink>(`/admin/shoppers/${encodeURIComponent(shopperId)}/reset-link`, { method: 'POST' });
}
