import type { InputHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps } from './field-frame.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/**
 * A labelled input with its hint and error under it, linked for screen readers. Bind it to a
 * form with `{...form.field('name')}` (src/web/lib/forms/use-form.ts).
 */
export function TextField(props: FieldProps & InputProps) {
  return <FieldFrame<InputProps> {...props} control={(input) => <input {...input} />} />;
}
