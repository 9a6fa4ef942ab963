/**
 * The advance link's UPI reference as a plain form post (docs/decisions/
 * 055-account-forms-rendered-and-posted.md): without the script the page's form posts to the page's
 * own address. The reference goes through the very code the app's call does (advance-link.ts
 * sendAdvanceByLink: decision 051's limits, the owner's mail); done, 303 back to the page, which
 * then reads "Advance: checking"; a refusal answers the page again with its message and what was
 * typed (http/form-post.ts). Same-origin only, like every POST (http/security.ts
 * registerOriginCheck). Not under /api: it answers a browser's form with a page.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PAY_IN_FULL_FORM_ID, UTR_FORM_ID, utrTyped } from '../../common/advance.ts';
import type { PAGE_ROUTES } from '../../common/page-paths.ts';
import { advancePaymentSchema } from '../../common/schemas/order.ts';
import { acceptFormPosts, answerFormPost, bodyOf, checked, textOf } from '../http/form-post.ts';
import { payInFullByLink, sendAdvanceByLink } from './advance-link.ts';

const PAGE_PATTERN = '/advance/:orderNumber/:token' satisfies keyof typeof PAGE_ROUTES;

export const advanceLinkFormRoute: FastifyPluginAsync = async (app) => {
  acceptFormPosts(app);

  app.post<{ Params: { orderNumber: string; token: string } }>(
    PAGE_PATTERN,
    { schema: { hide: true } },
    async (request, reply) => {
      const { orderNumber, token } = request.params;
      // The page posted from, and the one a refusal answers (its head checks the link again).
      const path = request.url.split('?', 1)[0]!;
      // The page's other form: pay the whole order instead (advance-panel.tsx PayInFullOffer).
      if (textOf(bodyOf(request), 'choice') === 'pay-in-full') {
        return answerFormPost(app, request, reply, { path, id: PAY_IN_FULL_FORM_ID, values: {}, done: path }, () =>
          payInFullByLink(app.db, app.config, orderNumber, token).then(() => undefined),
        );
      }
      const values = { utr: textOf(bodyOf(request), 'utr') };
      return answerFormPost(app, request, reply, { path, id: UTR_FORM_ID, values, done: path }, async () => {
        const { utr } = checked(advancePaymentSchema, { utr: utrTyped(values.utr) });
        await sendAdvanceByLink(app.db, app.config, orderNumber, token, utr);
        app.mail.nudge();
      });
    },
  );
};
