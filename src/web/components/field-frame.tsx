import type { ReactNode } from 'react';

/** What every labelled field takes besides its control's own attributes. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Marks the field invalid; shown under it unless `showError` is false. */
  error?: string | null | undefined;
  /**
   * False when the form shows one message for all fields (the field is still marked invalid).
   * `form.field()` sets it back to true while several fields are wrong: each then says why.
   */
  showError?: boolean;
  /** A help text under the field, read with it by screen readers. */
  hint?: ReactNode;
  /** Beside the control, on one line while there is room (a one-field form's button). */
  addon?: ReactNode;
  /** Extra classes for the wrapper (grid placement). */
  className?: string;
}

/** What the frame gives its control: the id, the aria links, and the control's own attributes. */
export type ControlProps<P> = P & { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * The frame of TextField, SelectField and TextAreaField: the label, the control, its hint and its
 * error, linked for screen readers (aria-invalid, aria-describedby). Every prop that is not the
 * frame's goes to `control`, with the id and the aria props.
 */
export function FieldFrame<P extends object>({
  id,
  label,
  error,
  showError = true,
  hint,
  addon,
  className,
  control,
  ...own
}: FieldProps & P & { control: (props: ControlProps<P>) => ReactNode }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shownError = error && showError ? error : null;
  const describedBy = [hint ? hintId : null, shownError ? errorId : null].filter(Boolean).join(' ');
  const input = control({
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    // The control's own attributes come last: a caller may still set its own aria-describedby.
    ...(own as P),
  });
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className="field-row">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {shownError && (
        <span id={errorId} className="field-error">
          {shownError}
        </span>
      )}
    </div>
  );
}
