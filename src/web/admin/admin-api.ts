/** The admin area's calls to /api/admin, typed by the shared schemas. */

import { adminOrderApiPath } from '../../common/order-api.ts';
import type { AdminAccount, ChangePasswordInput, NewAdminInput } from '../../common/schemas/admin.ts';
import type {
  AdminOrder,
  AdminOrderPage,
  AdminStats,
  AdvanceActionInput,
  OrderListQuery,
} from '../../common/schemas/admin-orders.ts';
import type { AdminProductPage } from '../../common/schemas/catalog.ts';
import type { LeadImportResult, LeadInput, LeadPage, LeadTab } from '../../common/schemas/lead.ts';
import type { AdminProduct, ProductInput } from '../../common/schemas/product.ts';
import { api } from '../lib/api-client.ts';

/** The orders list's filters as the URL query and the API read them ('' for "all"). */
export type OrderFilter = Partial<Record<keyof Omit<OrderListQuery, 'page'>, string>>;

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
};

export const adminApi = {
  me: (signal?: AbortSignal) => api<{ admin: AdminAccount }>('/admin/me', signal ? { signal } : {}),
  login: (username: string, password: string) =>
    api<{ admin: AdminAccount }>('/admin/login', { method: 'POST', body: { username, password } }),
  logout: () => api<void>('/admin/logout', { method: 'POST' }),

  stats: (signal: AbortSignal) => api<AdminStats>('/admin/stats', { signal }),

  products: (filter: { category?: string; brand?: string; page: number }, signal: AbortSignal) =>
    api<AdminProductPage>(`/admin/products${query(filter)}`, { signal }),
  product: (id: string, signal: AbortSignal) =>
    api<{ product: AdminProduct }>(`/admin/products/${encodeURIComponent(id)}`, { signal }),
  createProduct: (input: ProductInput) =>
    api<{ product: AdminProduct }>('/admin/products', { method: 'POST', body: input }),
  updateProduct: (id: string, input: ProductInput) =>
    api<{ product: AdminProduct }>(`/admin/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  setStock: (id: string, inStock: boolean) =>
    api<{ product: AdminProduct }>(`/admin/products/${encodeURIComponent(id)}/stock`, {
      method: 'PATCH',
      body: { inStock },
    }),

  orders: (filter: OrderFilter & { page: number }, signal: AbortSignal) =>
    api<AdminOrderPage>(`/admin/orders${query(filter)}`, { signal }),
  order: (orderNumber: string, signal: AbortSignal) =>
    api<{ order: AdminOrder }>(adminOrderApiPath(orderNumber), { signal }),
  /** supplyState: the delivery state's GST code, when a dispatch was refused for an address that names none. */
  setOrderState: (orderNumber: string, state: string, supplyState?: string) =>
    api<{ order: AdminOrder }>(`${adminOrderApiPath(orderNumber)}/state`, {
      method: 'PATCH',
      body: supplyState ? { state, supplyState } : { state },
    }),
  /** The owner's finding on the advance: received, refused (with the reason the shopper reads) or waived (with a note). */
  recordAdvance: (orderNumber: string, input: AdvanceActionInput) =>
    api<{ order: AdminOrder }>(`${adminOrderApiPath(orderNumber)}/advance`, { method: 'POST', body: input }),
  ordersCsvUrl: (filter: OrderFilter) => `/api/admin/orders/export.csv${query(filter)}`,

  leads: (platform: LeadTab, page: number, signal: AbortSignal) =>
    api<LeadPage>(`/admin/leads${query({ platform, page })}`, { signal }),
  addLead: (input: LeadInput) => api<{ ok: true }>('/admin/leads', { method: 'POST', body: input }),
  importLeads: (csv: string, skipBadRows: boolean) =>
    api<LeadImportResult>('/admin/leads/import', { method: 'POST', body: { csv, skipBadRows } }),

  admins: (signal: AbortSignal) => api<{ admins: AdminAccount[] }>('/admin/admins', { signal }),
  addAdmin: (input: NewAdminInput) => api<{ admin: AdminAccount }>('/admin/admins', { method: 'POST', body: input }),
  changePassword: (input: ChangePasswordInput) => api<void>('/admin/password', { method: 'PUT', body: input }),
};
