/**
 * A business buyer at checkout (docs/product.md#checkout): a shopper buying for a business may give
 * its GSTIN and the name it is registered under, so the invoice is a B2B tax invoice (CGST Rule 46(b)
 * and (e): the recipient's name, address and GSTIN) and the business can claim the tax it paid.
 * Both are optional; one without the other is refused. The GSTIN is checked as the shop's own is
 * (common/gstin.ts: the shape, a real state code and the mod-36 check character), each failure with
 * its own message. It is read in upper case, whatever was typed. Plain data (text-rules.ts): the
 * checkout checks it without zod, the server's schema (schemas/order.ts) is built from the same rules.
 */
import { gstStateByCode } from './gst-states.ts';
import { GSTIN_SHAPE, gstinCheckCharacter } from './gstin.ts';
import { checkForm, type FormRefusal, type FormValues, lengthRule, type TextRule } from './text-rules.ts';

export const BUSINESS_MESSAGES = {
  gstinShape: 'Please enter the GSTIN’s 15 characters, like 27AAPFU0939F1ZV',
  gstinState: 'This GSTIN does not start with a GST state code (01 to 38): please check the first two digits',
  gstinCheck: 'This GSTIN’s last character does not match the others: please check it for a typing mistake',
  name: 'Please enter the business name registered with this GSTIN',
  nameTooLong: 'This business name is too long',
  gstinMissing: 'Please enter the business’s GSTIN, or leave the business name empty',
} as const;

const upper = (value: string) => value.toUpperCase();
const hasCheckCharacter = (gstin: string) => gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];

/** Empty (no business), or a GSTIN of the right shape, state and check character. */
export const BUYER_GSTIN_RULE: TextRule = {
  message: BUSINESS_MESSAGES.gstinShape,
  trim: true,
  checks: [
    { refine: (v) => v === '' || GSTIN_SHAPE.test(upper(v)), message: BUSINESS_MESSAGES.gstinShape },
    { refine: (v) => v === '' || gstStateByCode(v.slice(0, 2)) !== null, message: BUSINESS_MESSAGES.gstinState },
    // zod runs every refinement, so this one judges only a value of the right shape (no throw on others).
    {
      refine: (v) => !GSTIN_SHAPE.test(upper(v)) || hasCheckCharacter(upper(v)),
      message: BUSINESS_MESSAGES.gstinCheck,
    },
  ],
};

/** Printed on the invoice: plain text on one line, like the buyer's own name. */
export const BUSINESS_NAME_RULE = lengthRule(0, 100, BUSINESS_MESSAGES.name, BUSINESS_MESSAGES.nameTooLong, {
  plain: 'line',
});

export const BUSINESS_BUYER_RULES = { buyerGstin: BUYER_GSTIN_RULE, businessName: BUSINESS_NAME_RULE };
export type BusinessBuyer = FormValues<typeof BUSINESS_BUYER_RULES>;

/** The field and message when one of the two is given without the other, else null. */
export function businessPairProblem(v: BusinessBuyer): { field: keyof BusinessBuyer; message: string } | null {
  if (v.buyerGstin !== '' && v.businessName === '') return { field: 'businessName', message: BUSINESS_MESSAGES.name };
  if (v.buyerGstin === '' && v.businessName !== '') {
    return { field: 'buyerGstin', message: BUSINESS_MESSAGES.gstinMissing };
  }
  return null;
}

/** Every rule and the pair; what is kept is trimmed, the name folded to one line, the GSTIN upper case. */
export function checkBusinessBuyer(values: BusinessBuyer): { ok: true; data: BusinessBuyer } | FormRefusal {
  const checked = checkForm(BUSINESS_BUYER_RULES, values);
  if (!checked.ok) return checked;
  const pair = businessPairProblem(checked.data);
  if (pair) return { ok: false, field: pair.field, message: pair.message, fields: { [pair.field]: pair.message } };
  return { ok: true, data: { ...checked.data, buyerGstin: upper(checked.data.buyerGstin) } };
}
