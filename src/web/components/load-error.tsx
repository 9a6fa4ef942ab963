/**
 * What a screen shows when its data could not load: the message and a way to
 * try again, so a failed request never leaves a spinner or a blank page.
 */
export function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  if (!message) return null;
  return (
    <div className="message message-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
