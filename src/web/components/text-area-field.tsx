import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps } from './field-frame.tsx';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled text area, with its hint and error, like TextField. */
export function TextAreaField(props: FieldProps & TextAreaProps) {
  return <FieldFrame<TextAreaProps> {...props} control={(textarea) => <textarea {...textarea} />} />;
}
