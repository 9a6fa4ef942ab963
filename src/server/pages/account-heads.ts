/**
 * Your Account, Edit Profile and Change password as pages that work without the script (common/account-forms.ts):
 * the page carries who is logged in (the session's own answer, as GET /api/session sends it), so the
 * server renders the shopper's form, or "log in first" to a visitor. One person's page: never kept
 * nor cached (head.personal).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountApi } from '../../common/account-api.ts';
import { API_PREFIX, apiPath } from '../../common/api-contract.ts';
import { sessionAnswer } from '../accounts/routes.ts';
import { defaultHead, type PageHead } from './head.ts';

const PAGES: Record<string, string> = {
  '/profile': 'Your account: your details, addresses, orders and settings.',
  '/editprofile': 'Your name, phone, email and delivery addresses.',
  '/change-password': 'Change the password of your account.',
};

export async function accountPageHead(
  app: FastifyInstance,
  path: string,
  _query: URLSearchParams,
  request?: FastifyRequest,
): Promise<PageHead | null> {
  const description = PAGES[path];
  if (!description || !request) return null;
  const url = API_PREFIX + apiPath(accountApi.session.path, {});
  return {
    title: defaultHead(app, path).title,
    description,
    canonicalPath: path,
    type: 'website',
    personal: true,
    answers: [{ url, body: JSON.stringify(await sessionAnswer(app, request)) }],
  };
}
