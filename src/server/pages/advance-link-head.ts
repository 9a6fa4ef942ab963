/**
 * The advance link's page head (advance-link.ts): its title, and the link's answer embedded, so the
 * server renders the amount, the UPI link and the QR code, and they show without JavaScript. A
 * wrong link is a 404 page with the one refusal. One order's page: never kept nor cached.
 */
import type { FastifyInstance } from 'fastify';
import { advanceLinkApi } from '../../common/advance-link-api.ts';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { AppError, errorBody } from '../http/errors.ts';
import { advanceLinkReply, advanceLinkRow } from '../orders/advance-link.ts';
import { defaultHead, type PageHead } from './head.ts';

const PATH = /^\/advance\/([^/]{1,40})\/([^/]{1,64})$/;

export async function advanceLinkHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const match = PATH.exec(path);
  if (!match) return null;
  const token = match[2]!;
  let orderNumber: string;
  try {
    orderNumber = decodeURIComponent(match[1]!);
  } catch {
    orderNumber = match[1]!; // a broken %-escape: no order has it, the one 404 below
  }
  const url = API_PREFIX + apiPath(advanceLinkApi.page.path, { orderNumber, token });
  const head: PageHead = {
    title: defaultHead(app, path).title,
    description: 'Pay the advance of your order by UPI.',
    // The link is a secret: never its own canonical address.
    canonicalPath: '/',
    type: 'website',
    personal: true,
  };
  try {
    const row = await advanceLinkRow(app.db, app.config, orderNumber, token);
    return { ...head, answers: [{ url, body: JSON.stringify(advanceLinkReply(app.config, row)) }] };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ...head,
      status: err.statusCode,
      answers: [{ url, body: JSON.stringify(errorBody(err.code, err.message)) }],
    };
  }
}
