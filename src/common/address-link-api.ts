/**
 * The address correction link's endpoints (src/common/api-contract.ts; docs/product.md "A doubtful
 * address"): the page the owner's "address doubtful" message links to, /address/<order>/<token>,
 * no log-in. Types only: zod stays out of the bundle.
 */
import { endpoint } from './api-contract.ts';
import type { AddressCheckReply, AddressFixInput } from './schemas/address-check.ts';

export const addressLinkApi = {
  /** The order's number, its address, the owner's note, and whether it still waits for a correction. */
  page: endpoint<{ reply: AddressCheckReply }>()('GET', '/address-link/:orderNumber/:token'),
  /** The corrected address (one line, composed from the checkout's parts). */
  correct: endpoint<{ reply: AddressCheckReply; body: AddressFixInput }>()('POST', '/address-link/:orderNumber/:token'),
} as const;
