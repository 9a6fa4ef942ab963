/** The dashboard's shopper lookup and reset links (docs/product.md#admin-shoppers; src/common/account-api.ts). */
import { accountApi } from '../../../common/account-api.ts';
import type { ResetLink, ShopperList } from '../../../common/schemas/account-rights.ts';
import { call } from '../../lib/api-client.ts';

export function findShoppers(phone: string): Promise<ShopperList> {
  return call(accountApi.findShoppers, { query: { phone } });
}

export function makeResetLink(shopperId: string): Promise<ResetLink> {
  return call(accountApi.makeResetLink, { params: { id: shopperId } });
}
