import { useEffect, useRef } from 'react';
import { MESSAGE_MS } from '../../common/constants.ts';
import { CloseIcon } from './icons.tsx';

/**
 * An inline message that clears itself after 3 s (docs/product.md#states-and-transitions) or on its close icon.
 * `tone` picks the colour; errors are announced assertively. A message that
 * appears is brought into view (a form's message must not land below the screen's edge).
 */
export function Message({
  text,
  tone = 'error',
  onClose,
  autoHideMs = MESSAGE_MS,
}: {
  text: string | null;
  tone?: 'error' | 'success' | 'info';
  onClose: () => void;
  autoHideMs?: number | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [text]);
  useEffect(() => {
    if (!text || autoHideMs === null) return;
    const timer = setTimeout(onClose, autoHideMs);
    return () => clearTimeout(timer);
  }, [text, autoHideMs, onClose]);
  if (!text) return null;
  return (
    <div ref={ref} className={`message message-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{text}</span>
      <button type="button" className="icon-btn" aria-label="Close message" onClick={onClose}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
