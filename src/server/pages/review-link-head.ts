/**
 * The review link's page head (reviews/writing.ts; docs/product.md#reviews): its title, and the
 * link's answer embedded, so the server renders the order's watches and their forms and they work
 * without JavaScript. A wrong link is a 404 page with the one refusal. One order's page: never
 * kept nor cached, and never its own canonical address (the link is a secret).
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { reviewApi } from '../../common/review-api.ts';
import { AppError, errorBody } from '../http/errors.ts';
import { reviewLinkOrder, reviewLinkReply } from '../reviews/writing.ts';
import { defaultHead, type PageHead } from './head.ts';

const PATH = /^\/review\/([^/]{1,40})\/([^/]{1,64})$/;

export async function reviewLinkHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const match = PATH.exec(path);
  if (!match) return null;
  const token = match[2]!;
  let orderNumber: string;
  try {
    orderNumber = decodeURIComponent(match[1]!);
  } catch {
    orderNumber = match[1]!; // a broken %-escape: no order has it, the one 404 below
  }
  const url = API_PREFIX + apiPath(reviewApi.link.path, { orderNumber, token });
  const head: PageHead = {
    title: defaultHead(app, path).title,
    description: 'Review the watches of your order.',
    canonicalPath: '/',
    type: 'website',
    personal: true,
  };
  try {
    const order = await reviewLinkOrder(app.db, app.config, orderNumber, token);
    return { ...head, answers: [{ url, body: JSON.stringify(await reviewLinkReply(app.db, app.config, order)) }] };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ...head,
      status: err.statusCode,
      answers: [{ url, body: JSON.stringify(errorBody(err.code, err.message)) }],
    };
  }
}
