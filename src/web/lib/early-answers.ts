/**
 * The API answers a page will ask for first, asked before React has taken the page over
 * (main.tsx). Who is logged in is asked on every page, and Your Orders and History then ask
 * for the orders: one after the other, after hydration, took 2.8-3.3 s on a slowed phone before
 * the first order showed (issue 27). Asked together at the script's start, the orders are there
 * when the session says who it is. An answer nobody takes (a visitor on /orders gets 401) is
 * dropped: only a call that takes it acts on it.
 */
import { accountApi } from '../../common/account-api.ts';
import { apiPath } from '../../common/api-contract.ts';
import { orderApi } from '../../common/order-api.ts';
import { PAGE } from '../../common/page-paths.ts';

const ORDER_VIEWS: Record<string, 'open' | 'delivered'> = { [PAGE.orders]: 'open', [PAGE.history]: 'delivered' };

/** The API paths the page at `pathname` asks for first (the same strings its calls build). */
export function earlyAnswers(pathname: string): string[] {
  const paths = [apiPath(accountApi.session.path, {})];
  const view = ORDER_VIEWS[pathname];
  if (view) paths.push(apiPath(orderApi.list.path, {}, { view }));
  return paths;
}
