/**
 * The delivery city and pincode read back from an order's one-line address, for the owner's order
 * list (docs/product.md#admin-orders). The checkout writes 'room, building, near landmark, city -
 * pincode, state' (composeAddress in account-rules.ts); an address typed as a profile line may
 * only hold a pincode somewhere (the last six-digit number, "400 001" too, as
 * server/invoices/delivery-state.ts reads it), or neither.
 */
export interface DeliveryPlace {
  city: string | null;
  pincode: string | null;
}

const CHECKOUT_FORM = /,\s*([^,]+?)\s+-\s+([1-9][0-9]{5})\s*,[^,]*$/;
const ANY_PINCODE = /(?<![0-9])([1-9][0-9]{2}) ?([0-9]{3})(?![0-9])/g;

export function deliveryPlace(address: string): DeliveryPlace {
  const composed = CHECKOUT_FORM.exec(address);
  if (composed?.[1] && composed[2]) return { city: composed[1], pincode: composed[2] };
  const last = [...address.matchAll(ANY_PINCODE)].at(-1);
  return { city: null, pincode: last ? `${last[1]}${last[2]}` : null };
}
