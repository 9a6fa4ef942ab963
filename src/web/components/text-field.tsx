import type { InputHTMLAttributes } from 'react';

/**
 * A labelled input with its error under it, linked for screen readers.
 * `error` marks the field invalid; the message itself may be shown elsewhere
 * (pass `showError={false}` when a form shows one message for all fields).
 */
export function TextField({
  id,
  label,
  error,
  showError = true,
  ...input
}: { id: string; label: string; error?: string | null | undefined; showError?: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id'
>) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error && showError ? errorId : undefined}
        {...input}
      />
      {error && showError && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
