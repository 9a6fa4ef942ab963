/**
 * The doubtful address (issue 35 item 4; docs/product.md "A doubtful address";
 * docs/decisions/062-doubtful-address-link.md): the owner marks an order's address doubtful with a
 * note, the shopper gets a signed link to correct it before packing, and packing waits meanwhile.
 * Rules as plain data (text-rules.ts), shared by the owner's form, the correction page and the server.
 */
import { lengthRule } from './text-rules.ts';

/** The owner's note: what is wrong with the address, shown to the shopper on the link's page. */
export const ADDRESS_DOUBT_RULES = {
  note: lengthRule(1, 200, 'Please say what is unclear in the address', 'Please keep the note under 200 characters', {
    plain: 'line',
  }),
};

/** The correction form's id (useForm's) on the link's page: a refusal posted without the script comes back under it. */
export const ADDRESS_FIX_FORM_ID = 'address-fix';

export const ADDRESS_LINK_MESSAGE = 'This link is not valid. Please use the link in our message, or contact us.';
export const ADDRESS_NOT_DOUBTFUL = 'This address was already corrected, or no correction is needed any more.';
export const ADDRESS_DOUBT_TOO_LATE = 'The address can be marked doubtful only before the order is packed.';

/** The packing gate's words while the address is doubtful (orders/transition.ts). */
export const addressHeldMessage = (orderNumber: string) =>
  `Order ${orderNumber} cannot be packed while its address is marked doubtful: wait for the shopper's correction, or clear the mark.`;
