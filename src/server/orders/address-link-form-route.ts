/**
 * The address correction page's form as a plain post (docs/decisions/055-account-forms-rendered-and-posted.md),
 * like the advance link's (advance-link-form-route.ts): without the script the form posts its parts
 * to the page's own address; they are composed into the one line the checkout makes, checked with
 * the same rules, and go through the very code the app's call does. Done, 303 back to the page; a
 * refusal answers the page again with its message and what was typed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ADDRESS_FORM_RULES, composeAddress } from '../../common/account-rules.ts';
import { ADDRESS_FIX_FORM_ID } from '../../common/address-check.ts';
import type { PAGE_ROUTES } from '../../common/page-paths.ts';
import { addressFixSchema } from '../../common/schemas/address-check.ts';
import { checkForm } from '../../common/text-rules.ts';
import { badRequest } from '../http/errors.ts';
import { acceptFormPosts, answerFormPost, bodyOf, checked, textOf } from '../http/form-post.ts';
import { correctAddressByLink } from './address-check.ts';

const PAGE_PATTERN = '/address/:orderNumber/:token' satisfies keyof typeof PAGE_ROUTES;
const PARTS = Object.keys(ADDRESS_FORM_RULES) as Array<keyof typeof ADDRESS_FORM_RULES>;

export const addressLinkFormRoute: FastifyPluginAsync = async (app) => {
  acceptFormPosts(app);

  app.post<{ Params: { orderNumber: string; token: string } }>(
    PAGE_PATTERN,
    { schema: { hide: true } },
    async (request, reply) => {
      const { orderNumber, token } = request.params;
      const path = request.url.split('?', 1)[0]!;
      const body = bodyOf(request);
      const values = Object.fromEntries(PARTS.map((k) => [k, textOf(body, k)])) as Record<
        keyof typeof ADDRESS_FORM_RULES,
        string
      >;
      return answerFormPost(app, request, reply, { path, id: ADDRESS_FIX_FORM_ID, values, done: path }, async () => {
        const parts = checkForm(ADDRESS_FORM_RULES, values);
        if (!parts.ok) throw badRequest(parts.message, parts.fields);
        const { address } = checked(addressFixSchema, { address: composeAddress(parts.data) });
        await correctAddressByLink(app.db, app.config, orderNumber, token, address);
      });
    },
  );
};
