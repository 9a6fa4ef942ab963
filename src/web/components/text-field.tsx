import type { InputHTMLAttributes } from 'react';
import { PHONE_LENGTH } from '../../common/constants.ts';
import { FieldFrame, type FieldProps } from './field-frame.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/**
 * A labelled input with its hint and error under it, linked for screen readers. Bind it to a
 * form with `{...form.field('name')}` (src/web/lib/forms/use-form.ts).
 */
export function TextField(props: FieldProps & InputProps) {
  return <FieldFrame<InputProps> {...props} control={(input) => <input {...input} />} />;
}

/**
 * A shopper's phone number: the 10 digits without +91 (PHONE_RULE), so autofill gives the
 * national number ("tel-national"). That token belongs to the Text control group of the
 * HTML autofill table, allowed on a text input but not on type="tel" (which takes only
 * "tel", the number with its country code): the Nu HTML Checker refuses the pair. The
 * keyboard is the same digit pad (inputmode).
 */
export const PHONE_INPUT = {
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: PHONE_LENGTH,
} as const satisfies InputProps;
