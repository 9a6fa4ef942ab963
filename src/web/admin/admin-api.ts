/** The admin area's calls to /api/admin, typed by the shared schemas. */
import type { AdminAccount, ChangePasswordInput, NewAdminInput } from '../../common/schemas/admin.ts';
import type { AdminOrder, AdminOrderPage, AdminStats } from '../../common/schemas/admin-orders.ts';
import type { LeadImportResult, LeadInput, LeadPage, LeadTab } from '../../common/schemas/lead.ts';
import type { Product, ProductCard, ProductInput } from '../../common/schemas/product.ts';
import { api } from '../lib/api-client.ts';

export interface ProductPage {
  items: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
}

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
    api<ProductPage>(`/admin/products${query(filter)}`, { signal }),
  product: (id: string, signal: AbortSignal) =>
    api<{ product: Product }>(`/admin/products/${encodeURIComponent(id)}`, { signal }),
  createProduct: (input: ProductInput) => api<{ product: Product }>('/admin/products', { method: 'POST', body: input }),
  updateProduct: (id: string, input: ProductInput) =>
    api<{ product: Product }>(`/admin/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  setStock: (id: string, inStock: boolean) =>
    api<{ product: Product }>(`/admin/products/${encodeURIComponent(id)}/stock`, {
      method: 'PATCH',
      body: { inStock },
    }),

  orders: (filter: { status?: string; q?: string; page: number }, signal: AbortSignal) =>
    api<AdminOrderPage>(`/admin/orders${query(filter)}`, { signal }),
  setOrderState: (id: string, state: string) =>
    api<{ order: AdminOrder }>(`/admin/orders/${encodeURIComponent(id)}/state`, { method: 'PATCH', body: { state } }),
  ordersCsvUrl: (filter: { status?: string; q?: string }) => `/api/admin/orders/export.csv${query(filter)}`,

  leads: (platform: LeadTab, page: number, signal: AbortSignal) =>
    api<LeadPage>(`/admin/leads${query({ platform, page })}`, { signal }),
  addLead: (input: LeadInput) => api<{ ok: true }>('/admin/leads', { method: 'POST', body: input }),
  importLeads: (csv: string, skipBadRows: boolean) =>
    api<LeadImportResult>('/admin/leads/import', { method: 'POST', body: { csv, skipBadRows } }),

  admins: (signal: AbortSignal) => api<{ admins: AdminAccount[] }>('/admin/admins', { signal }),
  addAdmin: (input: NewAdminInput) => api<{ admin: AdminAccount }>('/admin/admins', { method: 'POST', body: input }),
  changePassword: (input: ChangePasswordInput) => api<void>('/admin/password', { method: 'PUT', body: input }),
};

/** "31 Jan 2025, 2:05 pm" in India time. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}
