/** The admin area's calls to /api/admin, through the endpoints' contracts (src/common/*-api.ts). */

import { adminAreaApi } from '../../common/admin-api.ts';
import { fileUrl } from '../../common/api-contract.ts';
import type { Brand, Category } from '../../common/catalog.ts';
import { catalogApi } from '../../common/catalog-api.ts';
import { leadApi } from '../../common/lead-api.ts';
import { orderApi } from '../../common/order-api.ts';
import type { OrderState } from '../../common/orders.ts';
import type { ChangePasswordInput, NewAdminInput } from '../../common/schemas/admin.ts';
import type { AdvanceActionInput, OrderListQuery } from '../../common/schemas/admin-orders.ts';
import type { LeadFilter, LeadInput } from '../../common/schemas/lead.ts';
import type { ProductInput } from '../../common/schemas/product.ts';
import { call } from '../lib/api-client.ts';

/** The products list's filters as its selects hold them ('' for "all"). */
export interface AdminProductFilter {
  category: Category | '';
  brand: Brand | '';
  page: number;
}

/** The orders list's filters as the URL query and the API read them ('' for "all"). */
export type OrderFilter = Partial<Record<keyof Omit<OrderListQuery, 'page'>, string>>;

/** The orders list's filters as the API reads them: '' ("all") is left out, and the server checks each value. */
function orderQuery(filter: OrderFilter & { page?: number }) {
  return {
    status: (filter.status || undefined) as OrderListQuery['status'],
    advance: (filter.advance || undefined) as OrderListQuery['advance'],
    q: filter.q || undefined,
    settle: (filter.settle || undefined) as OrderListQuery['settle'],
    page: filter.page,
  };
}

export const adminApi = {
  me: (signal?: AbortSignal) => call(adminAreaApi.me, { signal }),
  login: (username: string, password: string) => call(adminAreaApi.login, { body: { username, password } }),
  logout: () => call(adminAreaApi.logout),

  stats: (signal: AbortSignal) => call(adminAreaApi.stats, { signal }),

  products: (filter: AdminProductFilter, signal: AbortSignal) =>
    call(catalogApi.adminProducts, {
      query: { category: filter.category || undefined, brand: filter.brand || undefined, page: filter.page },
      signal,
    }),
  product: (id: string, signal: AbortSignal) => call(catalogApi.adminProduct, { params: { id }, signal }),
  createProduct: (input: ProductInput) => call(catalogApi.createProduct, { body: input }),
  updateProduct: (id: string, input: ProductInput) => call(catalogApi.updateProduct, { params: { id }, body: input }),
  setStock: (id: string, inStock: boolean) => call(catalogApi.setStock, { params: { id }, body: { inStock } }),

  orders: (filter: OrderFilter & { page: number }, signal: AbortSignal) =>
    call(orderApi.adminOrders, { query: orderQuery(filter), signal }),
  order: (orderNumber: string, signal: AbortSignal) => call(orderApi.adminOrder, { params: { orderNumber }, signal }),
  /** supplyState: the delivery state's GST code, when a dispatch was refused for an address that names none. */
  setOrderState: (orderNumber: string, state: OrderState, supplyState?: string) =>
    call(orderApi.setState, { params: { orderNumber }, body: supplyState ? { state, supplyState } : { state } }),
  /** The owner's finding on the advance: received, refused (with the reason the shopper reads) or waived (with a note). */
  recordAdvance: (orderNumber: string, input: AdvanceActionInput) =>
    call(orderApi.recordAdvance, { params: { orderNumber }, body: input }),
  ordersCsvUrl: (filter: OrderFilter) => fileUrl(orderApi.exportCsv, {}, orderQuery(filter)),

  leads: (filter: LeadFilter, page: number, signal: AbortSignal) =>
    call(leadApi.list, { query: { ...filter, page }, signal }),
  leadsCsvUrl: (filter: LeadFilter) => fileUrl(leadApi.exportCsv, {}, filter),
  setLeadFollowedUp: (id: string, followedUp: boolean) =>
    call(leadApi.setFollowedUp, { params: { id }, body: { followedUp } }),
  addLead: (input: LeadInput) => call(leadApi.add, { body: input }),
  importLeads: (csv: string, skipBadRows: boolean) => call(leadApi.import, { body: { csv, skipBadRows } }),

  admins: (signal: AbortSignal) => call(adminAreaApi.admins, { signal }),
  addAdmin: (input: NewAdminInput) => call(adminAreaApi.addAdmin, { body: input }),
  changePassword: (input: ChangePasswordInput) => call(adminAreaApi.changePassword, { body: input }),
};
