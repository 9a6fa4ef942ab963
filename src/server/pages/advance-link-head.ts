/**
 * The heads of the pages a signed link opens (the advance link, orders/advance-link.ts; the address
 * correction link, orders/address-check.ts): the title, and the link's answer embedded, so the
 * server renders the page's figures and forms and they work without JavaScript. A wrong link is a
 * 404 page with the one refusal. One order's page: never kept nor cached, never canonical.
 */
import type { FastifyInstance } from 'fastify';
import { advanceLinkApi } from '../../common/advance-link-api.ts';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { AppError, errorBody } from '../http/errors.ts';
import { advanceLinkReply, advanceLinkRow } from '../orders/advance-link.ts';
import { defaultHead, type PageHead } from './head.ts';

interface SignedLinkPage {
  /** `/<page>/<order number>/<token>`: the order number and token captured. */
  path: RegExp;
  /** The API path of the page's answer. */
  apiPath: string;
  description: string;
  /** The link's answer, or an AppError (the one 404). */
  answer: (app: FastifyInstance, orderNumber: string, token: string) => Promise<unknown>;
}

/** The head resolver of a signed link's page. */
export function signedLinkHead(page: SignedLinkPage) {
  return async (app: FastifyInstance, path: string): Promise<PageHead | null> => {
    const match = page.path.exec(path);
    if (!match) return null;
    const token = match[2]!;
    let orderNumber: string;
    try {
      orderNumber = decodeURIComponent(match[1]!);
    } catch {
      orderNumber = match[1]!; // a broken %-escape: no order has it, the one 404 below
    }
    const url = API_PREFIX + apiPath(page.apiPath, { orderNumber, token });
    const head: PageHead = {
      title: defaultHead(app, path).title,
      description: page.description,
      // The link is a secret: never its own canonical address.
      canonicalPath: '/',
      type: 'website',
      personal: true,
    };
    try {
      const answer = await page.answer(app, orderNumber, token);
      return { ...head, answers: [{ url, body: JSON.stringify(answer) }] };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return {
        ...head,
        status: err.statusCode,
        answers: [{ url, body: JSON.stringify(errorBody(err.code, err.message)) }],
      };
    }
  };
}

export const advanceLinkHead = signedLinkHead({
  path: /^\/advance\/([^/]{1,40})\/([^/]{1,64})$/,
  apiPath: advanceLinkApi.page.path,
  description: 'Pay the advance of your order by UPI.',
  answer: async (app, orderNumber, token) =>
    advanceLinkReply(app.config, await advanceLinkRow(app.db, app.config, orderNumber, token)),
});
