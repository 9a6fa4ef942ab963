import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps } from './field-frame.tsx';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A labelled select (its options are the children), with its hint and error, like TextField. */
export function SelectField(props: FieldProps & SelectProps) {
  return <FieldFrame<SelectProps> {...props} control={(select) => <select {...select} />} />;
}
