/** The address correction link's page head (orders/address-check.ts; advance-link-head.ts signedLinkHead). */
import { addressLinkApi } from '../../common/address-link-api.ts';
import { addressCheckReply, addressLinkRow } from '../orders/address-check.ts';
import { signedLinkHead } from './advance-link-head.ts';

export const addressLinkHead = signedLinkHead({
  path: /^\/address\/([^/]{1,40})\/([^/]{1,64})$/,
  apiPath: addressLinkApi.page.path,
  description: 'Check and correct the delivery address of your order.',
  answer: async (app, orderNumber, token) =>
    addressCheckReply(await addressLinkRow(app.db, app.config, orderNumber, token)),
});
